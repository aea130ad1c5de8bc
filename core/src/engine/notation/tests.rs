use super::*;
use crate::engine::NotationError;

fn texts(words: Vec<Word>) -> Vec<(String, usize)> {
    words.into_iter().map(|w| (w.text, w.col)).collect()
}

#[test]
fn notation_words_glue_joiners_and_keep_columns() {
    let w = texts(action_words("  MOVE vi03 + Vc01   0803 - 0804  "));
    let want = [("MOVE", 3), ("vi03+Vc01", 8), ("0803-0804", 22)];
    assert_eq!(w, want.map(|(t, c)| (t.to_string(), c)));
    let w = texts(action_words("transfer VI03>vi05:TR02, an05"));
    let want = [
        ("transfer", 1),
        ("VI03", 10),
        (">", 14),
        ("vi05", 15),
        (":", 19),
        ("TR02,an05", 20),
    ];
    assert_eq!(w, want.map(|(t, c)| (t.to_string(), c)));
    let w = texts(action_words("march a - b norsemen = 3"));
    assert_eq!(w[1], ("a-b".to_string(), 7));
    assert_eq!(w[2], ("norsemen=3".to_string(), 13));
    assert!(action_words(" \t ").is_empty());
    let w = texts(plain_words("  é  ab\tc "));
    assert_eq!(
        w,
        [("é", 3), ("ab", 6), ("c", 9)].map(|(t, c)| (t.to_string(), c))
    );
}

#[test]
fn notation_numbers_are_digits_only_with_no_sign() {
    assert_eq!(number::<u8>("03", "turn"), Ok(3));
    assert_eq!(number::<u8>("255", "turn"), Ok(255));
    for bad in ["+3", "-3", "", " 3", "3 ", "256", "3a", "٣", "1_0"] {
        let e = number::<u8>(bad, "turn").unwrap_err();
        assert_eq!(
            e,
            format!("bad turn '{bad}' (expected a small whole number)")
        );
    }
    assert_eq!(number::<u16>("256", "count"), Ok(256));
}

#[test]
fn notation_labels_split_letters_and_digits() {
    assert_eq!(label("vi03", 2..=2, 1..=3), Some(("VI".to_string(), "03")));
    assert_eq!(label("L1", 1..=1, 1..=3), Some(("L".to_string(), "1")));
    assert_eq!(label("V03", 2..=2, 1..=3), None);
    assert_eq!(label("VI", 2..=2, 1..=3), None);
    assert_eq!(label("VI0003", 2..=2, 1..=3), None);
    assert_eq!(label("Vé01", 2..=2, 1..=3), None);
    assert_eq!(label("VI0x", 2..=2, 1..=3), None);
}

#[test]
fn notation_lists_refuse_too_many_and_empty_parts() {
    let units = ListOf {
        seps: &['+', ','],
        max: 3,
        items: "units",
        item: "unit code",
    };
    assert_eq!(units.split("a+b,c"), Ok(vec!["a", "b", "c"]));
    assert_eq!(
        units.split("a+b+c+d"),
        Err("too many units in 'a+b+c+d': 4 given, at most 3".to_string())
    );
    assert_eq!(
        units.split("a++b"),
        Err("empty unit code in 'a++b'".to_string())
    );
    let read = units.read("1,2", |p| number::<u8>(p, "n"));
    assert_eq!(read, Ok(vec![1, 2]));
    assert_eq!(join_or(&[1, 2], ",", "-", |n| n.to_string()), "1,2");
    assert_eq!(join_or::<u8>(&[], ",", "-", |n| n.to_string()), "-");
}

#[test]
fn notation_fields_take_each_key_once() {
    let spec = FieldSpec::new(&["stock", "fled"], &["done"]);
    let f = Fields::read(&["STOCK=3", "done"], &spec).unwrap();
    assert_eq!(f.get("stock"), Some("3"));
    assert_eq!(f.get("fled"), None);
    assert!(f.has("done"));
    assert_eq!(f.read_or("fled", 7, |v| number(v, "fled")), Ok(7));
    let e = Fields::read(&["stock=1", "stock=2"], &spec).unwrap_err();
    assert_eq!(e, "field 'stock' given twice");
    let e = Fields::read(&["gold=1"], &spec).unwrap_err();
    assert_eq!(
        e,
        "unknown field 'gold=1' (expected stock=..., fled=..., done)"
    );
    let e = Fields::read(&["done", "DONE"], &spec).unwrap_err();
    assert_eq!(e, "flag 'done' given twice");
    let named = spec.named("option", "unit flag");
    let e = Fields::read(&["sleepy"], &named).unwrap_err();
    assert!(e.starts_with("unknown unit flag 'sleepy'"), "{e}");
}

#[test]
fn notation_one_of_names_every_choice() {
    let names = [("on", true), ("lifted", false)];
    assert_eq!(one_of("ON", &names, "lock"), Ok(true));
    assert_eq!(
        one_of("off", &names, "lock"),
        Err("unknown lock 'off' (expected one of on, lifted)".to_string())
    );
    assert_eq!(yes_no("Yes"), Some(true));
    assert_eq!(yes_no("maybe"), None);
}

fn read_pair(f: &mut Form, _: &()) -> Result<(u8, u8), Fault> {
    let a = f.take(|w| number(w, "first number"))?;
    let b = f.take(|w| number(w, "second number"))?;
    Ok((a, b))
}

const VERBS: [Verb<(), (u8, u8)>; 1] = [Verb {
    word: "pair",
    usage: "pair N N",
    read: read_pair,
}];

#[test]
fn notation_forms_say_where_and_what_was_expected() {
    assert_eq!(read_action("PAIR 1 2", &VERBS, &()), Ok((1, 2)));
    let err = |t: &str| read_action(t, &VERBS, &()).unwrap_err();
    assert_eq!(err(""), NotationError::new("empty action"));
    assert_eq!(
        err("trio 1"),
        NotationError::new("unknown action 'trio' (expected one of: pair)")
    );
    assert_eq!(
        err("pair 1"),
        NotationError::new("'pair' is written 'pair N N', not 'pair 1'")
    );
    assert_eq!(
        err("pair 1 2 3"),
        NotationError::new("'pair' is written 'pair N N', not 'pair 1 2 3'")
    );
    assert_eq!(
        err("pair 1 x"),
        NotationError::new("bad second number 'x' (expected a small whole number) (word 3)")
    );
}

#[test]
fn notation_lines_skip_comments_and_name_the_line() {
    let text = "\n# note\nGAME   Position\nturn 3\n\nunits\n";
    let lines = Lines::read(text, "game position").unwrap();
    let keys: Vec<(usize, &str, &str)> = lines
        .lines
        .iter()
        .map(|l| (l.n, l.key.as_str(), l.rest))
        .collect();
    assert_eq!(keys, [(4, "turn", "3"), (6, "units", "")]);
    assert_eq!(lines.last, 6);
    let mut once = Once::default();
    once.check(&lines.lines[0]).unwrap();
    let e: NotationError = once.check(&lines.lines[0]).unwrap_err().into();
    assert_eq!(e, NotationError::new("line 4: 'turn' given twice"));
    let e: NotationError = lines.required(None::<u8>, "scenario").unwrap_err().into();
    assert_eq!(
        e,
        NotationError::new("line 6: the position has no 'scenario' line")
    );
    let e: NotationError = Lines::read("chess position", "game position")
        .err()
        .unwrap()
        .into();
    assert_eq!(
        e,
        NotationError::new("line 1: expected 'game position', found 'chess position'")
    );
    let e: NotationError = Lines::read("", "game position").err().unwrap().into();
    assert_eq!(
        e,
        NotationError::new("line 1: empty position (expected 'game position' first)")
    );
    let mut w = lines.lines[0].words();
    assert_eq!(w.next(), Some("3"));
    let f = w
        .take(|| Fault::new("missing"), |_| Ok::<u8, String>(0))
        .unwrap_err();
    assert_eq!(f, Fault::new("missing"));
}
