import SkaldNeutral
import SwiftUI

/// A game, one of its scenarios, who plays each seat and the save's name: every choice
/// from the core's catalogue, sent to the neutral model as it is made.
struct NewGameView: View {
    let model: NewGameViewModel
    let start: () -> Void
    @StateObject private var state: Watched<NewGameState>
    /// The field keeps its own text (a binding read back through the model's state, which
    /// reaches the view a turn of the main queue later, can lose the caret); each change
    /// goes to the model.
    @State private var name: String

    init(model: NewGameViewModel, start: @escaping () -> Void) {
        self.model = model
        self.start = start
        _state = StateObject(wrappedValue: Watched(model.state))
        _name = State(initialValue: model.state.value.name)
    }

    var body: some View {
        let s = state.value
        Form {
            Picker("Game", selection: Binding(get: { s.game }, set: model.chooseGame)) {
                ForEach(s.games.indices, id: \.self) { Text(s.games[$0].name).tag($0) }
            }
            Picker("Scenario", selection: Binding(get: { s.scenario }, set: model.chooseScenario)) {
                ForEach(s.chosenGame.scenarios.indices, id: \.self) { Text(s.chosenGame.scenarios[$0].name).tag($0) }
            }
            Text(s.chosenScenario.summary).font(.footnote)
            Section("Who plays") {
                ForEach(s.seats.indices, id: \.self) { i in
                    // Anew for each game and scenario, as the model sets the seats anew.
                    SeatRow(index: i, seat: s.seats[i], levels: s.levels, model: model)
                        .id("\(s.game).\(s.scenario).\(i)")
                }
            }
            Section("Name of the save") {
                TextField("Optional", text: $name)
            }
            if let error = s.error { Text(error).foregroundStyle(.red) }
            Button("Start", action: start)
        }
        .onChange(of: name) { _, new in model.setName(new) }
        .navigationTitle("New game")
    }
}

/// One seat: a person by name, or the computer at one of the core's levels.
private struct SeatRow: View {
    let index: Int
    let seat: SeatChoice
    let levels: [String]
    let model: NewGameViewModel
    @State private var name: String

    init(index: Int, seat: SeatChoice, levels: [String], model: NewGameViewModel) {
        self.index = index
        self.seat = seat
        self.levels = levels
        self.model = model
        _name = State(initialValue: seat.name)
    }

    var body: some View {
        Picker(seat.label, selection: Binding(
            get: { seat.person },
            set: { $0 ? model.setPerson(index, name: name) : model.setComputer(index, level: seat.level) })) {
            Text("a person").tag(true)
            Text("the computer").tag(false)
        }
        if seat.person {
            TextField("Name", text: $name)
                .onChange(of: name) { _, new in model.setPerson(index, name: new) }
        } else {
            Picker("Level", selection: Binding(get: { seat.level }, set: { model.setComputer(index, level: $0) })) {
                ForEach(levels, id: \.self) { Text($0).tag($0) }
            }
        }
    }
}
