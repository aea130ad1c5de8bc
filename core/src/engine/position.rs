//! Positions as data. A game's state is plain data (serde) plus its chance stream, which
//! is never part of the data (`#[serde(skip)]`). The parts some seat may not see are
//! wrapped in [`Hidden`], so that shared code derives, from the serde shape alone:
//!
//! - the state hash (everything), for replay checks: [`digests`]`.whole`;
//! - the hidden digest (only what is inside `Hidden`), for the undo boundary;
//! - equality of positions ([`same_position`]);
//! - the stored form of a position ([`PositionData`]: versioned JSON) for snapshots and
//!   games continued from an earlier point;
//! - the view's masking ([`masked`]), through [`Secrets`], which each game writes to say
//!   who sees each hidden part. A test ([`check_secrets`], run by the consistency check
//!   on every sampled position) fails when the state holds a `Hidden` part that
//!   `Secrets` does not visit, so a new secret field cannot reach a view unmasked.
//!
//! Adding a public field to a state is one line (serde derives the rest); adding a
//! hidden one is that line with `Hidden<..>` around its type, plus one line in the
//! game's `Secrets` saying who sees it.

use super::hash::StableHasher;
use super::seat::Seat;
use serde::ser::{self, Serialize};
use serde::{Deserialize, Deserializer, Serializer};
use std::hash::Hasher;
use std::ops::{Deref, DerefMut};

/// The serde name `Hidden` serializes under; the digest serializer recognises it.
const HIDDEN: &str = "skald::Hidden";

/// A part of a position that some seat may not see (a hand, a deck's order, a face-down
/// piece). It reads and writes as its content; only its serde name marks it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hidden<T>(pub T);

impl<T> Deref for Hidden<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Hidden<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// So that a hidden list compares with a plain one (`assert_eq!(hand, vec![4, 12])`).
impl<T: PartialEq> PartialEq<Vec<T>> for Hidden<Vec<T>> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.0 == *other
    }
}

impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for Hidden<Vec<T>> {
    fn eq(&self, other: &[T; N]) -> bool {
        self.0 == *other
    }
}

impl<'a, T> IntoIterator for &'a Hidden<T>
where
    &'a T: IntoIterator,
{
    type Item = <&'a T as IntoIterator>::Item;
    type IntoIter = <&'a T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a mut Hidden<T>
where
    &'a mut T: IntoIterator,
{
    type Item = <&'a mut T as IntoIterator>::Item;
    type IntoIter = <&'a mut T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        (&mut self.0).into_iter()
    }
}

impl<T: Serialize> Serialize for Hidden<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(HIDDEN, &self.0)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Hidden<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // JSON stores a newtype struct as its content, so this reads exactly that.
        T::deserialize(deserializer).map(Hidden)
    }
}

/// How a hidden part looks to a seat that may not see it.
pub trait Conceal {
    /// Replaces the content by what an outsider knows of it.
    fn conceal(&mut self);
}

/// A hidden list keeps its length public (a hand's size, a deck's size) and each entry
/// becomes `T::default()`, which the game reserves for "unknown".
impl<T: Default> Conceal for Vec<T> {
    fn conceal(&mut self) {
        self.iter_mut().for_each(|x| *x = T::default());
    }
}

impl<T: Conceal> Conceal for Hidden<T> {
    fn conceal(&mut self) {
        self.0.conceal();
    }
}

/// Who sees each hidden part of a state: the one piece of secrecy a game writes by hand.
pub trait Secrets {
    /// Calls `visit(seen, part)` once for every [`Hidden`] part of the state, in any
    /// order, with whether any of `seats` may see it.
    fn secrets(&mut self, seats: &[Seat], visit: &mut dyn FnMut(bool, &mut dyn Conceal));
}

/// A copy of `state` with every hidden part that `seats` may not see concealed.
pub fn masked<S: Secrets + Clone>(state: &S, seats: &[Seat]) -> S {
    let mut view = state.clone();
    view.secrets(seats, &mut |seen, part| {
        if !seen {
            part.conceal();
        }
    });
    view
}

/// Checks that a game's [`Secrets`] visits every hidden part of `state`: the number of
/// parts it visits must equal the number of `Hidden` values in the serde shape.
pub fn check_secrets<S: Secrets + Serialize + Clone>(state: &S) -> Result<(), String> {
    let in_data = digests(state).hidden_parts;
    let mut visited = 0usize;
    state.clone().secrets(&[], &mut |_, _| visited += 1);
    if visited == in_data {
        Ok(())
    } else {
        Err(format!(
            "the state holds {in_data} hidden parts but its Secrets visits {visited}: a hidden part would reach every view unmasked"
        ))
    }
}

/// The fixed hashes of a position (the same on every run and build).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Digests {
    /// Everything in the data.
    pub whole: u64,
    /// Only what is inside [`Hidden`] parts (0 when there are none).
    pub hidden: u64,
    /// How many `Hidden` parts there are.
    pub hidden_parts: usize,
    /// What is inside the `Hidden` parts, whatever their order (0 when there are
    /// none): moving a face-down piece from one place to another leaves it alone.
    pub hidden_set: u64,
}

/// The digests of `value`'s serde data.
pub fn digests<T: Serialize + ?Sized>(value: &T) -> Digests {
    let mut writer = DigestWriter::default();
    // The digest serializer itself never fails; a hand-written `Serialize` could, and
    // then what was hashed up to it is the digest: still fixed for the same value.
    let _ = value.serialize(&mut writer);
    Digests {
        whole: writer.whole.finish(),
        hidden: if writer.hidden_parts == 0 {
            0
        } else {
            writer.hidden.finish()
        },
        hidden_parts: writer.hidden_parts,
        hidden_set: writer.parts_sum,
    }
}

/// What is hidden in `state` and what each of its `seats` seats can see of it, whatever
/// the order of its parts: it changes when something hidden is drawn, played or chosen
/// (the hidden parts change) and when something is shown to a seat (that seat's masked
/// parts change), but not when face-down pieces only move.
/// 0 for a state with no hidden part.
pub fn knowledge_digest<S: Secrets + Serialize + Clone>(state: &S, seats: u8) -> u64 {
    let whole = digests(state);
    if whole.hidden_parts == 0 {
        return 0;
    }
    let mut h = StableHasher::default();
    h.write(&whole.hidden_set.to_le_bytes());
    for seat in 0..seats {
        let view = masked(state, &[Seat(seat)]);
        h.write(&digests(&view).hidden_set.to_le_bytes());
    }
    h.finish()
}

/// Two positions are the same when their data is (chance streams are not data).
pub fn same_position<T: Serialize>(a: &T, b: &T) -> bool {
    digests(a).whole == digests(b).whole
}

/// A position as stored: the game's own version of its data shape, and the data.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PositionData {
    /// Bumped by a game whenever its state's serde shape changes incompatibly.
    pub format: u32,
    pub data: serde_json::Value,
}

/// JSON without floats (positions have none, and JSON has no NaN) compares as a total
/// equality.
impl Eq for PositionData {}

impl PositionData {
    pub fn of<T: Serialize>(format: u32, state: &T) -> Result<PositionData, String> {
        let data = serde_json::to_value(state).map_err(|e| e.to_string())?;
        Ok(PositionData { format, data })
    }

    /// The state, when stored in format `format` (the reader's current one).
    pub fn read<T: serde::de::DeserializeOwned>(&self, format: u32) -> Result<T, String> {
        if self.format != format {
            return Err(format!(
                "the position is stored in data format {}, and this version reads format {format}",
                self.format
            ));
        }
        T::deserialize(&self.data).map_err(|e| format!("the position's data does not read: {e}"))
    }
}

/// A position as a save keeps it: data today; the game's notation in saves written
/// before positions were data, which still read.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum StoredPosition {
    Data(PositionData),
    Notation(String),
}

#[derive(Debug)]
pub struct DigestError(String);

impl std::fmt::Display for DigestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DigestError {}

impl ser::Error for DigestError {
    fn custom<M: std::fmt::Display>(msg: M) -> Self {
        DigestError(msg.to_string())
    }
}

/// A serde serializer that hashes what it is given: all of it into `whole`, and what
/// lies inside `Hidden` parts into `hidden` too. Every value is written with a tag or
/// length before it, so different shapes never hash alike by running together.
#[derive(Default)]
struct DigestWriter {
    whole: StableHasher,
    hidden: StableHasher,
    /// The outermost `Hidden` part being written, on its own.
    part: StableHasher,
    /// The parts' own hashes, summed: the same whatever order they come in.
    parts_sum: u64,
    /// How many `Hidden` parts enclose the value being written.
    depth: u32,
    hidden_parts: usize,
}

impl DigestWriter {
    fn bytes(&mut self, b: &[u8]) {
        self.whole.write(b);
        if self.depth > 0 {
            self.hidden.write(b);
            self.part.write(b);
        }
    }
    fn tag(&mut self, t: u8) {
        self.bytes(&[t]);
    }
    fn len(&mut self, n: usize) {
        self.bytes(&(n as u64).to_le_bytes());
    }
}

type Done = Result<(), DigestError>;

impl<'a> Serializer for &'a mut DigestWriter {
    type Ok = ();
    type Error = DigestError;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Done {
        self.bytes(&[v as u8]);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Done {
        self.serialize_i64(v as i64)
    }
    fn serialize_i16(self, v: i16) -> Done {
        self.serialize_i64(v as i64)
    }
    fn serialize_i32(self, v: i32) -> Done {
        self.serialize_i64(v as i64)
    }
    fn serialize_i64(self, v: i64) -> Done {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Done {
        self.serialize_u64(v as u64)
    }
    fn serialize_u16(self, v: u16) -> Done {
        self.serialize_u64(v as u64)
    }
    fn serialize_u32(self, v: u32) -> Done {
        self.serialize_u64(v as u64)
    }
    fn serialize_u64(self, v: u64) -> Done {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Done {
        self.serialize_f64(v as f64)
    }
    fn serialize_f64(self, v: f64) -> Done {
        self.bytes(&v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Done {
        self.serialize_u64(v as u64)
    }
    fn serialize_str(self, v: &str) -> Done {
        self.serialize_bytes(v.as_bytes())
    }
    fn serialize_bytes(self, v: &[u8]) -> Done {
        self.len(v.len());
        self.bytes(v);
        Ok(())
    }
    fn serialize_none(self) -> Done {
        self.tag(0);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Done {
        self.tag(1);
        value.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, index: u32, _: &'static str) -> Done {
        self.serialize_u32(index)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Done {
        if name != HIDDEN {
            return value.serialize(self);
        }
        self.hidden_parts += 1;
        if self.depth == 0 {
            self.part = StableHasher::default();
        }
        self.depth += 1;
        let done = value.serialize(&mut *self);
        self.depth -= 1;
        if self.depth == 0 {
            // Mixed again so that equal parts do not cancel out.
            let mut mixed = StableHasher::default();
            mixed.write(&self.part.finish().to_le_bytes());
            self.parts_sum = self.parts_sum.wrapping_add(mixed.finish());
        }
        done
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        value: &T,
    ) -> Done {
        self.serialize_u32(index)?;
        value.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Compound<'a>, DigestError> {
        Ok(Compound::open(self, len))
    }
    fn serialize_tuple(self, _: usize) -> Result<Compound<'a>, DigestError> {
        Ok(Compound::open(self, None))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, DigestError> {
        Ok(Compound::open(self, None))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, DigestError> {
        self.serialize_u32(index)?;
        Ok(Compound::open(self, None))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Compound<'a>, DigestError> {
        Ok(Compound::open(self, len))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, DigestError> {
        Ok(Compound::open(self, None))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, DigestError> {
        self.serialize_u32(index)?;
        Ok(Compound::open(self, None))
    }
}

/// A sequence, map, tuple or struct being hashed. A sequence of unknown length counts
/// its elements and writes the count at the end, so `[[1], []]` and `[[], [1]]` differ.
struct Compound<'a> {
    writer: &'a mut DigestWriter,
    count: Option<usize>,
}

impl<'a> Compound<'a> {
    fn open(writer: &'a mut DigestWriter, len: Option<usize>) -> Compound<'a> {
        match len {
            Some(n) => {
                writer.len(n);
                Compound {
                    writer,
                    count: None,
                }
            }
            None => Compound {
                writer,
                count: Some(0),
            },
        }
    }
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        if let Some(n) = &mut self.count {
            *n += 1;
        }
        value.serialize(&mut *self.writer)
    }
    fn close(self) -> Done {
        if let Some(n) = self.count {
            self.writer.len(n);
        }
        Ok(())
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = DigestError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        self.element(value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = DigestError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        self.element(value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = DigestError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        self.element(value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = DigestError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        self.element(value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = DigestError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Done {
        self.element(key)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut *self.writer)
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = DigestError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &'static str, value: &T) -> Done {
        self.element(value)
    }
    fn skip_field(&mut self, _: &'static str) -> Done {
        // A skipped field (the chance stream) is no part of the position; count it all
        // the same so that the struct's shape stays fixed.
        self.writer.tag(0xff);
        Ok(())
    }
    fn end(self) -> Done {
        self.close()
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = DigestError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &'static str, value: &T) -> Done {
        self.element(value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Table {
        round: u8,
        hands: Vec<Hidden<Vec<u8>>>,
        discard: Vec<u8>,
        deck: Hidden<Vec<u8>>,
    }

    impl Secrets for Table {
        fn secrets(&mut self, seats: &[Seat], visit: &mut dyn FnMut(bool, &mut dyn Conceal)) {
            for (i, hand) in self.hands.iter_mut().enumerate() {
                visit(seats.contains(&Seat(i as u8)), hand);
            }
            visit(false, &mut self.deck);
        }
    }

    fn table() -> Table {
        Table {
            round: 3,
            hands: vec![Hidden(vec![4, 5]), Hidden(vec![6])],
            discard: vec![1],
            deck: Hidden(vec![7, 8, 9]),
        }
    }

    #[test]
    fn position_hidden_digest_moves_only_with_hidden_parts() {
        let a = table();
        let mut b = table();
        b.round = 4;
        b.discard.push(2);
        assert_ne!(digests(&a).whole, digests(&b).whole);
        assert_eq!(digests(&a).hidden, digests(&b).hidden);
        let mut c = table();
        c.deck.swap(0, 1);
        assert_ne!(digests(&a).hidden, digests(&c).hidden);
        assert_ne!(digests(&a).whole, digests(&c).whole);
        assert_eq!(digests(&a).hidden_parts, 3);
    }

    #[test]
    fn position_knowledge_digest_ignores_where_hidden_parts_sit_but_not_what_is_shown() {
        let a = table();
        // The two hands trade places in the list: the same parts, in another order.
        let mut moved = table();
        moved.hands.swap(0, 1);
        assert_ne!(digests(&a).hidden, digests(&moved).hidden);
        assert_eq!(digests(&a).hidden_set, digests(&moved).hidden_set);
        // A card drawn from the deck into a hand changes the parts.
        let mut drawn = table();
        drawn.deck.0.pop();
        drawn.hands[1].0.push(9);
        assert_ne!(digests(&a).hidden_set, digests(&drawn).hidden_set);
        // Equal parts do not cancel out.
        let twins = Table {
            hands: vec![Hidden(vec![1]), Hidden(vec![1])],
            ..table()
        };
        let none = Table {
            hands: vec![Hidden(vec![]), Hidden(vec![])],
            ..table()
        };
        assert_ne!(digests(&twins).hidden_set, digests(&none).hidden_set);
        // After the swap each seat holds the other's cards: what each can see changed,
        // though the hidden parts taken together did not.
        assert_eq!(knowledge_digest(&a, 2), knowledge_digest(&a.clone(), 2));
        assert_ne!(knowledge_digest(&a, 2), knowledge_digest(&moved, 2));
    }

    #[test]
    fn position_lists_of_lists_do_not_run_together() {
        let a: Vec<Vec<u8>> = vec![vec![1], vec![]];
        let b: Vec<Vec<u8>> = vec![vec![], vec![1]];
        assert_ne!(digests(&a).whole, digests(&b).whole);
        assert!(same_position(&a, &a.clone()));
    }

    #[test]
    fn position_masked_conceals_what_the_seats_may_not_see() {
        let view = masked(&table(), &[Seat(1)]);
        assert_eq!(*view.hands[0], vec![0, 0]);
        assert_eq!(*view.hands[1], vec![6]);
        assert_eq!(*view.deck, vec![0, 0, 0]);
        assert_eq!(view.discard, vec![1]);
        assert_eq!(check_secrets(&table()), Ok(()));
    }

    #[test]
    fn position_check_secrets_finds_an_unvisited_hidden_part() {
        #[derive(Clone, serde::Serialize)]
        struct Leaky {
            hand: Hidden<Vec<u8>>,
            deck: Hidden<Vec<u8>>,
        }
        impl Secrets for Leaky {
            fn secrets(&mut self, _: &[Seat], visit: &mut dyn FnMut(bool, &mut dyn Conceal)) {
                visit(false, &mut self.hand);
            }
        }
        let leaky = Leaky {
            hand: Hidden(vec![1]),
            deck: Hidden(vec![2]),
        };
        let err = check_secrets(&leaky).unwrap_err();
        assert!(err.contains("2 hidden parts"), "{err}");
    }

    #[test]
    fn position_data_reads_back_and_refuses_another_format() {
        let stored = PositionData::of(1, &table()).unwrap();
        assert_eq!(stored.read::<Table>(1).unwrap(), table());
        // Hidden parts are stored as their content: plain JSON.
        assert_eq!(stored.data["deck"], serde_json::json!([7, 8, 9]));
        assert!(stored.read::<Table>(2).unwrap_err().contains("format 1"));
    }
}
