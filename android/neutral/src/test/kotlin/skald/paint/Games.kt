package skald.paint

import java.nio.file.Files
import uniffi.skald_ffi.NewGame
import uniffi.skald_ffi.SaveFolder
import uniffi.skald_ffi.Screen
import uniffi.skald_ffi.SeatPlayer
import uniffi.skald_ffi.Table
import uniffi.skald_ffi.catalogue

/** New games for the painter's tests: Ann in the first seat, the simple computer in
 *  the others, played on until it is Ann's turn. */
object Games {
    fun start(game: String, scenario: String): Table {
        val seats = catalogue().first { it.id == game }.scenarios.first { it.id == scenario }.seats
        val players = seats.indices.map { if (it == 0) SeatPlayer.Person("Ann") else SeatPlayer.Computer("simple") }
        val table = SaveFolder.open(Files.createTempDirectory("skald-paint").toString())
            .newGame(NewGame(game, scenario, players, ""))
        while (true) {
            when (table.screen()) {
                is Screen.ComputerToMove -> table.computerStep()
                is Screen.HandOff -> table.confirmHandoff()
                else -> return table
            }
        }
    }

    fun furyBasic(): Table = start("fury", "basic")

    fun v878Standard(): Table = start("v878", "standard")
}
