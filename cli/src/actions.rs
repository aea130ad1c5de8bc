//! The legal actions as a person reads them. A short list is printed whole; a long one
//! (Fury's second turn has hundreds) is shown as groups: by kind (the action's first
//! word) and by the piece or place it starts from, read from the actions' targets, with
//! counts. Typing a group's piece opens it. A move of several pieces together is in the
//! group of each of them, so a stacked move is always one piece away.

use skald_core::engine::{ActionEntry, Target};

/// Lists up to this long are printed whole.
pub const LIST_LIMIT: usize = 60;

/// The width the lists are laid out for.
const WIDTH: usize = 80;

/// The legal actions sharing a kind and a piece (or place).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The action's first word ("move", "place", "end").
    pub kind: String,
    /// The piece or place it starts from ("VI01", "lundenwic"); None for actions that
    /// touch no piece ("end", "pass").
    pub key: Option<String>,
    /// Indexes into the legal actions, in list order.
    pub members: Vec<usize>,
}

/// The first word of an action's notation.
fn kind_of(entry: &ActionEntry) -> &str {
    entry.notation.split_whitespace().next().unwrap_or("")
}

/// The groups an action belongs to: the piece or place it is tapped from first, and
/// every other piece it moves along.
fn keys_of(entry: &ActionEntry) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for (i, target) in entry.targets.iter().enumerate() {
        let key = match target {
            Target::Piece(p) => p,
            Target::Cell(c) if i == 0 => c,
            _ => continue,
        };
        if !keys.contains(key) {
            keys.push(key.clone());
        }
    }
    keys
}

/// The groups of a list of legal actions, in the order their first action comes.
pub fn groups(legal: &[ActionEntry]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for (index, entry) in legal.iter().enumerate() {
        let kind = kind_of(entry);
        let keys = keys_of(entry);
        let keys: Vec<Option<String>> = if keys.is_empty() {
            vec![None]
        } else {
            keys.into_iter().map(Some).collect()
        };
        for key in keys {
            match groups.iter_mut().find(|g| g.kind == kind && g.key == key) {
                Some(g) => g.members.push(index),
                None => groups.push(Group {
                    kind: kind.to_string(),
                    key,
                    members: vec![index],
                }),
            }
        }
    }
    groups
}

/// The actions whose piece or place is `word` (any case), in list order: what typing a
/// piece opens. None when no action starts from it.
pub fn opened(legal: &[ActionEntry], word: &str) -> Option<Vec<usize>> {
    let mut members: Vec<usize> = groups(legal)
        .into_iter()
        .filter(|g| {
            g.key
                .as_deref()
                .is_some_and(|k| k.eq_ignore_ascii_case(word))
        })
        .flat_map(|g| g.members)
        .collect();
    members.sort_unstable();
    members.dedup();
    (!members.is_empty()).then_some(members)
}

/// What tells an action apart inside its group: its required targets other than the
/// group's own piece ("0616", "VI02 0803", "housecarl 3 cent"), with the path's
/// waypoints added where two actions would read the same (the contract keeps whole
/// target lists apart, so at most one of them has no waypoint).
fn labels(legal: &[ActionEntry], members: &[usize], key: &str) -> Vec<String> {
    let text = |t: &Target| match t {
        Target::Piece(x) | Target::Cell(x) | Target::Via(x) | Target::Direction(x) => x.clone(),
        Target::Card(c) => format!("card {c}"),
        Target::Count(n) => n.to_string(),
        Target::Word(w) => w.to_string(),
    };
    let short: Vec<String> = members
        .iter()
        .map(|&i| {
            let words: Vec<String> = legal[i]
                .targets
                .iter()
                .filter(|t| t.is_required())
                .filter(|t| !matches!(t, Target::Piece(x) | Target::Cell(x) if x == key))
                .map(text)
                .filter(|w| w != kind_of(&legal[i]))
                .collect();
            words.join(" ")
        })
        .collect();
    members
        .iter()
        .zip(&short)
        .map(|(&i, label)| {
            let twins = short.iter().filter(|l| *l == label).count();
            if label.is_empty() {
                legal[i].notation.clone()
            } else if twins > 1 {
                let via: Vec<String> = legal[i]
                    .targets
                    .iter()
                    .filter(|t| !t.is_required())
                    .map(text)
                    .collect();
                if via.is_empty() {
                    label.clone()
                } else {
                    format!("{label} via {}", via.join("-"))
                }
            } else {
                label.clone()
            }
        })
        .collect()
}

/// Lines showing the actions of one piece or place (what typing it opens), by kind,
/// each numbered as in the whole list and named by what sets it apart.
pub fn opened_lines(legal: &[ActionEntry], word: &str) -> Option<Vec<String>> {
    let members = opened(legal, word)?;
    let key = groups(legal)
        .into_iter()
        .find_map(|g| g.key.filter(|k| k.eq_ignore_ascii_case(word)))?;
    let mut lines = vec![format!(
        "{key}: {} legal action(s); type a number, or `list {key} WORDS` for whole actions",
        members.len()
    )];
    let mut kinds: Vec<&str> = Vec::new();
    for &i in &members {
        let kind = kind_of(&legal[i]);
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    for kind in kinds {
        let of_kind: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&i| kind_of(&legal[i]) == kind)
            .collect();
        lines.push(format!("  {kind}:"));
        let cells: Vec<String> = labels(legal, &of_kind, &key)
            .into_iter()
            .zip(&of_kind)
            .map(|(label, &i)| format!("{:>4}. {label}", i + 1))
            .collect();
        lines.extend(columns(&cells));
    }
    Some(lines)
}

/// Lines showing a long list by its groups: for each kind, its pieces with their
/// counts; kinds with few actions and no piece are numbered at once.
pub fn summary_lines(legal: &[ActionEntry]) -> Vec<String> {
    let groups = groups(legal);
    let mut lines = Vec::new();
    let example = groups.iter().find_map(|g| g.key.clone());
    lines.push(match &example {
        Some(piece) => format!(
            "{} legal actions. Type a piece or place to see its actions (e.g. `{piece}`), or `list WORDS` for those containing WORDS:",
            legal.len()
        ),
        None => format!(
            "{} legal actions. `list WORDS` numbers those containing WORDS:",
            legal.len()
        ),
    });
    let mut kinds: Vec<&str> = Vec::new();
    for g in &groups {
        if !kinds.contains(&g.kind.as_str()) {
            kinds.push(&g.kind);
        }
    }
    for kind in kinds {
        let of_kind: Vec<&Group> = groups.iter().filter(|g| g.kind == kind).collect();
        let mut actions: Vec<usize> = of_kind.iter().flat_map(|g| g.members.clone()).collect();
        actions.sort_unstable();
        actions.dedup();
        let keyed: Vec<String> = of_kind
            .iter()
            .filter_map(|g| g.key.as_ref().map(|k| format!("{k} {}", g.members.len())))
            .collect();
        let unkeyed: Vec<usize> = of_kind
            .iter()
            .filter(|g| g.key.is_none())
            .flat_map(|g| g.members.clone())
            .collect();
        if keyed.is_empty() && unkeyed.len() <= 3 {
            let numbered: Vec<String> = unkeyed
                .iter()
                .map(|&i| format!("{}. {}", i + 1, legal[i].notation))
                .collect();
            lines.push(format!("  {}", numbered.join("   ")));
            continue;
        }
        let head = format!("  {kind} ({} actions)", actions.len());
        if keyed.is_empty() {
            lines.push(format!("{head}: `list {kind}`"));
        } else {
            let mut words = keyed;
            if !unkeyed.is_empty() {
                words.push(format!("other {}", unkeyed.len()));
            }
            lines.extend(wrap(&format!("{head}:"), &words, "      "));
        }
    }
    lines
}

/// Words after a head, comma-separated and wrapped within the width, continuation
/// lines indented.
fn wrap(head: &str, words: &[String], indent: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = format!("{head} ");
    for (i, word) in words.iter().enumerate() {
        if i == 0 {
            line.push_str(word);
        } else if line.chars().count() + 2 + word.chars().count() >= WIDTH {
            line.push(',');
            lines.push(std::mem::replace(&mut line, format!("{indent}{word}")));
        } else {
            line.push_str(", ");
            line.push_str(word);
        }
    }
    lines.push(line);
    lines
}

/// The actions at `indexes`, numbered as in the whole list, laid out in as many
/// columns as fit the width when they are many.
pub fn numbered_lines(legal: &[ActionEntry], indexes: &[usize]) -> Vec<String> {
    let cells: Vec<String> = indexes
        .iter()
        .map(|&i| format!("{:>4}. {}", i + 1, legal[i].notation))
        .collect();
    columns(&cells)
}

/// Cells in rows of as many columns as fit the width, when there are more than 20;
/// one a line otherwise.
fn columns(cells: &[String]) -> Vec<String> {
    let widest = cells.iter().map(|c| c.chars().count()).max().unwrap_or(0) + 2;
    let count = if cells.len() > 20 {
        (WIDTH / widest.max(1)).max(1)
    } else {
        1
    };
    cells
        .chunks(count)
        .map(|row| {
            let mut line = String::new();
            for (k, cell) in row.iter().enumerate() {
                line.push_str(cell);
                if k + 1 < row.len() {
                    line.push_str(&" ".repeat(widest - cell.chars().count()));
                }
            }
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(notation: &str, targets: Vec<Target>) -> ActionEntry {
        ActionEntry {
            notation: notation.to_string(),
            targets,
        }
    }

    fn piece(p: &str) -> Target {
        Target::Piece(p.to_string())
    }

    fn cell(c: &str) -> Target {
        Target::Cell(c.to_string())
    }

    fn sample() -> Vec<ActionEntry> {
        vec![
            entry("move VI01 0802-0803", vec![piece("VI01"), cell("0803")]),
            entry("move VI01 0802-0903", vec![piece("VI01"), cell("0903")]),
            entry("move VI02 0802-0803", vec![piece("VI02"), cell("0803")]),
            entry(
                "move VI01+VI02 0802-0803",
                vec![piece("VI01"), piece("VI02"), cell("0803")],
            ),
            entry("end", vec![Target::Word("end")]),
        ]
    }

    #[test]
    fn cli_groups_by_kind_and_piece_with_stacked_moves_in_each() {
        let g = groups(&sample());
        let got: Vec<(&str, Option<&str>, Vec<usize>)> = g
            .iter()
            .map(|g| (g.kind.as_str(), g.key.as_deref(), g.members.clone()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("move", Some("VI01"), vec![0, 1, 3]),
                ("move", Some("VI02"), vec![2, 3]),
                ("end", None, vec![4]),
            ]
        );
    }

    #[test]
    fn cli_typing_a_piece_opens_its_actions_stacked_moves_included() {
        assert_eq!(opened(&sample(), "vi02"), Some(vec![2, 3]));
        assert_eq!(opened(&sample(), "VI07"), None);
        // A place is a key when it is tapped first (878: the shire an army marches from).
        let legal = vec![
            entry(
                "march lundenwic-cent 3",
                vec![cell("lundenwic"), cell("cent")],
            ),
            entry("end", vec![]),
        ];
        assert_eq!(opened(&legal, "lundenwic"), Some(vec![0]));
        assert_eq!(opened(&legal, "cent"), None);
    }

    #[test]
    fn cli_summary_counts_each_piece_and_numbers_lone_buttons() {
        let lines = summary_lines(&sample());
        assert_eq!(
            lines,
            vec![
                "5 legal actions. Type a piece or place to see its actions (e.g. `VI01`), or `list WORDS` for those containing WORDS:".to_string(),
                "  move (4 actions): VI01 3, VI02 2".to_string(),
                "  5. end".to_string(),
            ]
        );
    }

    #[test]
    fn cli_summary_wraps_many_pieces_within_the_width() {
        let legal: Vec<ActionEntry> = (1..=40)
            .map(|i| {
                let p = format!("VI{i:02}");
                entry(&format!("move {p} 0802-0803"), vec![piece(&p)])
            })
            .collect();
        let lines = summary_lines(&legal);
        assert!(lines.len() > 3, "{lines:?}");
        for line in &lines[1..] {
            assert!(line.chars().count() < WIDTH, "{line}");
        }
        let all = lines[1..].join(" ");
        assert!(all.contains("VI01 1") && all.contains("VI40 1"), "{all}");
    }

    #[test]
    fn cli_opened_piece_names_each_action_by_what_sets_it_apart() {
        let mut legal = sample();
        // A second way to 0803: told apart by its waypoint.
        legal.push(entry(
            "move VI01 0802-0902-0803",
            vec![piece("VI01"), cell("0803"), Target::Via("0902".into())],
        ));
        assert_eq!(
            opened_lines(&legal, "vi01").unwrap(),
            vec![
                "VI01: 4 legal action(s); type a number, or `list VI01 WORDS` for whole actions",
                "  move:",
                "   1. 0803",
                "   2. 0903",
                "   4. VI02 0803",
                "   6. 0803 via 0902",
            ]
        );
        assert_eq!(opened_lines(&legal, "end"), None);
    }

    #[test]
    fn cli_numbered_lines_keep_the_whole_list_numbers_in_columns() {
        let legal: Vec<ActionEntry> = (0..30)
            .map(|i| entry(&format!("move VI01 to {i:02}"), vec![piece("VI01")]))
            .collect();
        let indexes: Vec<usize> = (0..30).collect();
        let lines = numbered_lines(&legal, &indexes);
        assert!(lines.len() < 30 && lines.len() >= 8, "{lines:?}");
        assert!(
            lines[0].starts_with("   1. move VI01 to 00"),
            "{}",
            lines[0]
        );
        assert!(lines.iter().all(|l| l.chars().count() <= WIDTH));
        let few = numbered_lines(&legal, &[4, 9]);
        assert_eq!(few, vec!["   5. move VI01 to 04", "  10. move VI01 to 09"]);
    }
}
