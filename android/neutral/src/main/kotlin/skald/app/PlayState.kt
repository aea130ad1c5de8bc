package skald.app

import skald.paint.Spread
import uniffi.skald_ffi.Hint
import uniffi.skald_ffi.RecapStep
import uniffi.skald_ffi.Scene
import uniffi.skald_ffi.Screen
import uniffi.skald_ffi.recapHeading
import uniffi.skald_ffi.screenHeading
import uniffi.skald_ffi.SceneCard
import uniffi.skald_ffi.Target

/** Which part of the play screen the device shows now. */
sealed interface PlayPhase {
    /** Pass the device to [person]: nothing secret is on screen until they confirm. */
    data class PassTo(val person: String) : PlayPhase

    /** What [person] missed since their own last choice, shown once after the hand-off. */
    data class Recap(val person: String, val steps: List<RecapLine>) : PlayPhase

    /** [person] decides for [seats]: the board takes taps, the buttons presses. */
    data class Decide(val person: String, val seats: List<String>) : PlayPhase

    /** The computer (or a standing order) plays for [seats]; the board only shows. */
    data class ComputerMoving(val seats: List<String>) : PlayPhase

    data class Over(val result: String, val detail: String) : PlayPhase

    /** The game cannot go on (a bug in the rules): said, never hidden. */
    data class Stuck(val reason: String) : PlayPhase
}

/** One step of a recap as the hand-off screen lists it. */
data class RecapLine(val who: String, val action: String, val said: List<String>) {
    companion object {
        /** The core's words: in words, not notation; another seat's secret action only as
         *  that something was done. */
        fun of(step: RecapStep) = RecapLine(who = step.who, action = step.actionLine, said = step.said)
    }
}

/** The hint, while it is worked out and once it is there. */
sealed interface HintView {
    data object Thinking : HintView

    data class Ready(val hint: Hint) : HintView {
        /** What the computer would do, in words ("The computer would move Infantry from 0802 to 0503"): the core's. */
        val headline: String get() = hint.headline

        /** The candidates as a person reads them, each action in words with its estimated win chance: the core's. */
        val lines: List<String> get() = hint.lines
    }

    data class Failed(val message: String) : HintView
}

/** Everything the play screen draws. */
data class PlayState(
    val phase: PlayPhase,
    /** The board as the holder may see it (the public board while a hand-off waits). */
    val scene: Scene,
    /** Why the last tap or press did nothing, or what went wrong; null when all is well. */
    val message: String? = null,
    /** What the last action did (the person's or the computer's), each line with its rule. */
    val lastSaid: List<String> = emptyList(),
    val canUndo: Boolean = false,
    val hint: HintView? = null,
    /** Things to tell the person that are not errors (a save repaired on opening). */
    val notices: List<String> = emptyList(),
    /** A crowded stack opened out for the person to choose a counter, drawn over the board. */
    val spread: Spread? = null,
) {
    /** Whether taps and buttons go to the game now. */
    val takesTaps: Boolean get() = phase is PlayPhase.Decide

    /** Whether the board may be shown: never while the device is being passed. */
    val showsBoard: Boolean get() = phase !is PlayPhase.PassTo && phase !is PlayPhase.Recap

    /** Whether the person has begun a choice (a piece, a card tapped): back clears it first. */
    val hasSelection: Boolean get() = takesTaps && scene.highlights.selected.isNotEmpty()

    /** Whether this card of the hand (or on offer) is tapped into the choice being made. */
    fun isSelected(card: SceneCard): Boolean =
        card.owner == scene.seat && Target.Card(card.code) in scene.highlights.selected

    /** The ready action in words and its odds, each outcome with its chance, as lines to show; empty when none is ready (the core's lines). */
    val readyLines: List<String> get() = scene.ready?.lines ?: emptyList()

    /** The dice log, oldest first, each line with its rule and the dice as they fell (the core's lines). */
    val logLines: List<String> get() = scene.log.map { it.line }
}

/** What the play screen says above everything else in this phase (the core's words). */
val PlayPhase.heading: String
    get() = when (this) {
        is PlayPhase.Decide -> screenHeading(Screen.Decide(person, seats))
        is PlayPhase.ComputerMoving -> screenHeading(Screen.ComputerToMove(seats))
        is PlayPhase.Over -> screenHeading(Screen.Over(result, detail))
        is PlayPhase.Stuck -> screenHeading(Screen.Stuck(reason))
        is PlayPhase.PassTo -> screenHeading(Screen.HandOff(person))
        is PlayPhase.Recap -> recapHeading(person)
    }
