import SkaldNeutral
import SwiftUI

/// While the device is passed: no board, no hand, only who is to take it. Then, once,
/// what they missed (a hidden action only said to be one).
struct HandOffView: View {
    let phase: PlayPhase
    let confirm: () -> Void
    let dismissRecap: () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Text(phase.heading).font(.title2)
            switch phase {
            case let .passTo(person):
                Button("I am \(person)", action: confirm).buttonStyle(.borderedProminent)
            case let .recap(_, steps):
                List(steps.indices, id: \.self) { i in
                    VStack(alignment: .leading) {
                        Text("\(steps[i].who): \(steps[i].action)")
                        // By place: two lines may read the same.
                        ForEach(steps[i].said.indices, id: \.self) { j in Text(steps[i].said[j]).font(.footnote) }
                    }
                }
                Button("Continue", action: dismissRecap).buttonStyle(.borderedProminent)
            default:
                EmptyView()
            }
        }
        .padding()
    }
}
