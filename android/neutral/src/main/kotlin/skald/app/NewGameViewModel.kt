package skald.app

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import uniffi.skald_ffi.GameEntry
import uniffi.skald_ffi.NewGame
import uniffi.skald_ffi.NewSeat
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.ScenarioEntry
import uniffi.skald_ffi.SeatPlayer
import uniffi.skald_ffi.SkaldException
import uniffi.skald_ffi.Table
import uniffi.skald_ffi.newGameProblem
import uniffi.skald_ffi.newGameSeats
import uniffi.skald_ffi.newSeatSummary

/** Who plays one seat, as the new-game screen edits it. */
data class SeatChoice(
    /** The seat's id (`viking`): what the calls take, never what to show. */
    val seat: String,
    /** The seat as people read it (`Viking`), as the saves list names it: what to show (the core's words). */
    val label: String,
    val person: Boolean,
    /** The person's name when [person]; kept while the seat is the computer's, for going back. */
    val name: String,
    /** The computer's level when not [person]. */
    val level: String,
) {
    fun player(): SeatPlayer = if (person) SeatPlayer.Person(name.trim()) else SeatPlayer.Computer(level)

    /** As the seat's row reads: "Viking: Ann" or "Villager: computer (normal)" (the core's words). */
    val summary: String get() = newSeatSummary(toNewSeat())

    internal fun toNewSeat() = NewSeat(seat = seat, label = label, person = person, name = name, level = level)

    internal companion object {
        fun of(seat: NewSeat) =
            SeatChoice(seat = seat.seat, label = seat.label, person = seat.person, name = seat.name, level = seat.level)
    }
}

data class NewGameState(
    val games: List<GameEntry>,
    val levels: List<String>,
    val game: Int = 0,
    val scenario: Int = 0,
    val seats: List<SeatChoice> = emptyList(),
    /** What the saves list will call it; blank: the game's name and scenario. */
    val name: String = "",
    /** The ids of the chosen game's optional rules switched on (none by default). */
    val rules: Set<String> = emptySet(),
    val error: String? = null,
) {
    val chosenGame: GameEntry get() = games[game]
    val chosenScenario: ScenarioEntry get() = chosenGame.scenarios[scenario]

    /** Why the game cannot start yet, in words (the core's); null when it can. */
    val problem: String? get() = newGameProblem(seats.map { it.toNewSeat() })
}

/**
 * The new-game screen (issue 12): a game, one of its scenarios, who plays each seat (a
 * person by name, or the computer at a level), the game's optional rules and the save's name. The choices come from
 * the core's catalogue; starting the game is the core's call.
 */
class NewGameViewModel(games: List<GameEntry>, levels: List<String>) {
    private val mutableState = MutableStateFlow(
        NewGameState(games = games, levels = levels).let { it.copy(seats = defaultSeats(it, 0, 0)) },
    )
    val state: StateFlow<NewGameState> = mutableState.asStateFlow()

    fun chooseGame(index: Int) = update {
        if (index !in games.indices) return@update this
        copy(game = index, scenario = 0, seats = defaultSeats(this, index, 0), rules = emptySet(), error = null)
    }

    fun chooseScenario(index: Int) = update {
        if (index !in chosenGame.scenarios.indices) return@update this
        copy(scenario = index, seats = defaultSeats(this, game, index), error = null)
    }

    /** The seat is played by a person called [name]. */
    fun setPerson(seat: Int, name: String) = updateSeat(seat) { it.copy(person = true, name = name) }

    /** The seat is played by the computer at [level]. */
    fun setComputer(seat: Int, level: String) = updateSeat(seat) {
        if (level in state.value.levels) it.copy(person = false, level = level) else it
    }

    fun setName(name: String) = update { copy(name = name) }

    /** Switches one of the chosen game's optional rules on or off. */
    fun setRule(id: String, on: Boolean) = update {
        if (chosenGame.optionalRules.none { it.id == id }) return@update this
        copy(rules = if (on) rules + id else rules - id, error = null)
    }

    /** Starts the game and its save; null (with the error in the state) if the core refuses. */
    fun start(folder: SaveFolder): Table? {
        val s = state.value
        s.problem?.let { problem ->
            update { copy(error = problem) }
            return null
        }
        return try {
            folder.newGame(
                NewGame(
                    s.chosenGame.id,
                    s.chosenScenario.id,
                    s.seats.map { it.player() },
                    s.name.trim(),
                    // In the catalogue's order, whatever order they were ticked in.
                    s.chosenGame.optionalRules.map { it.id }.filter { it in s.rules },
                ),
            )
        } catch (e: SkaldException) {
            update { copy(error = e.message) }
            null
        }
    }

    private fun updateSeat(index: Int, change: (SeatChoice) -> SeatChoice) = update {
        if (index !in seats.indices) return@update this
        copy(seats = seats.mapIndexed { i, s -> if (i == index) change(s) else s }, error = null)
    }

    private inline fun update(change: NewGameState.() -> NewGameState) {
        mutableState.value = mutableState.value.change()
    }

    private companion object {
        /** The core's starting seats for the game and scenario: one person against the computer. */
        fun defaultSeats(state: NewGameState, game: Int, scenario: Int): List<SeatChoice> {
            val chosen = state.games[game]
            return newGameSeats(chosen.id, chosen.scenarios[scenario].id).map(SeatChoice::of)
        }
    }
}
