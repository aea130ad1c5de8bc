import SkaldNeutral
import SwiftUI

/// A game, one of its scenarios, who plays each seat and the save's name: every choice
/// from the core's catalogue, sent to the neutral model as it is made.
struct NewGameView: View {
    let model: NewGameViewModel
    let start: () -> Void
    @StateObject private var state: Watched<NewGameState>

    init(model: NewGameViewModel, start: @escaping () -> Void) {
        self.model = model
        self.start = start
        _state = StateObject(wrappedValue: Watched(model.state))
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
            Section("Seats") {
                ForEach(s.seats.indices, id: \.self) { i in seatRow(i, s.seats[i], levels: s.levels) }
            }
            TextField("Name of the save (optional)", text: Binding(get: { s.name }, set: model.setName))
            if let error = s.error { Text(error).foregroundStyle(.red) }
            Button("Start", action: start)
        }
        .navigationTitle("New game")
    }

    @ViewBuilder private func seatRow(_ i: Int, _ seat: SeatChoice, levels: [String]) -> some View {
        Toggle(seat.label, isOn: Binding(
            get: { seat.person },
            set: { $0 ? model.setPerson(i, name: seat.name) : model.setComputer(i, level: seat.level) }))
        if seat.person {
            TextField("Who plays \(seat.label)?", text: Binding(get: { seat.name }, set: { model.setPerson(i, name: $0) }))
        } else {
            Picker("Computer", selection: Binding(get: { seat.level }, set: { model.setComputer(i, level: $0) })) {
                ForEach(levels, id: \.self) { Text($0).tag($0) }
            }
        }
    }
}
