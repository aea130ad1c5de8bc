import SkaldFFI

/// The screen the app shows, with the model behind it.
public enum Route: Equatable {
    /// Continue the last game, start a new one, or look at the saves.
    case home
    case newGame(NewGameViewModel)
    /// The board; also the hand-off screen and its recap, which belong to a game.
    case play(PlayViewModel)
    /// The game so far, over the game being played (back returns to it).
    case history(HistoryViewModel, play: PlayViewModel)
    case saves

    /// The same screen over the same model (models are compared by identity).
    public static func == (a: Route, b: Route) -> Bool {
        switch (a, b) {
        case (.home, .home), (.saves, .saves): return true
        case let (.newGame(x), .newGame(y)): return x === y
        case let (.play(x), .play(y)): return x === y
        case let (.history(x, p), .history(y, q)): return x === y && p === q
        default: return false
        }
    }

    /// The game open on this screen, if any.
    var openGame: PlayViewModel? {
        switch self {
        case let .play(model), let .history(_, model): return model
        default: return nil
        }
    }
}

/// The app's screens and the way between them, the same on every platform: a shell draws
/// `route` and sends the person's choices here. One game is open at a time; leaving it
/// stops the computer and lets its handle go.
public final class AppViewModel {
    private let folder: SaveFolder
    private let computerPause: Double
    private let games: [GameEntry]
    private let levels: [String]

    public let saves: SavesViewModel
    public let route = StateCell<Route>(.home)

    public init(folder: SaveFolder, computerPause: Double = 0.4,
                games: [GameEntry] = catalogue(), levels: [String] = SkaldFFI.levels()) {
        self.folder = folder
        self.computerPause = computerPause
        self.games = games
        self.levels = levels
        saves = SavesViewModel(folder)
    }

    public func newGame() {
        go(.newGame(NewGameViewModel(games: games, levels: levels)))
    }

    /// Starts the game the new-game screen chose; stays there with the reason if refused.
    public func start(_ model: NewGameViewModel) {
        if let table = model.start(in: folder) { play(table) }
    }

    public func continueLast() {
        if let last = saves.state.value.last { open(last.id) }
    }

    public func open(_ id: UInt64) {
        do {
            play(try folder.openGame(id: id))
        } catch {
            saves.refresh(message: words(error))
        }
    }

    /// The saves; a game being played is left (it is saved) and the computer stops.
    public func showSaves() {
        leaveOpenGame()
        saves.refresh()
        go(.saves)
    }

    /// The history of the game being played.
    public func history() {
        guard case let .play(play) = route.value else { return }
        do {
            go(.history(try HistoryViewModel(play.table), play: play))
        } catch {
            play.say(words(error))
        }
    }

    /// A new game from the step the history shows; the game it came from is left as saved.
    public func continueFrom(_ history: HistoryViewModel, name: String) {
        guard case let .history(_, from) = route.value, let table = history.continueHere(name: name) else { return }
        from.close()
        play(table)
    }

    /// One step back; false at home (the shell may then close the app). During play, a
    /// stack opened out is closed and then a choice begun is cleared before the game is
    /// left: back is what a person presses to take back a wrong tap.
    @discardableResult
    public func back() -> Bool {
        switch route.value {
        case .home:
            return false
        case let .history(_, play):
            go(.play(play))
        case let .play(play):
            if !play.back() { home() }
        case .newGame, .saves:
            saves.refresh()
            go(.home)
        }
        return true
    }

    /// Home at once, from any screen (a "Home" button): a game being played is left as saved.
    public func home() {
        leaveOpenGame()
        saves.refresh()
        go(.home)
    }

    /// The app is closing: the open game stops thinking and is let go.
    public func close() {
        guard route.value.openGame != nil else { return }
        leaveOpenGame()
        go(.home)
    }

    /// Leaves the game on screen, if any (it is saved): its computer stops, and once the
    /// route no longer holds it, its handle is freed.
    private func leaveOpenGame() {
        route.value.openGame?.close()
    }

    private func play(_ table: GameTable) {
        go(.play(PlayViewModel(table: table, computerPause: computerPause)))
    }

    private func go(_ next: Route) {
        route.set(next)
    }
}
