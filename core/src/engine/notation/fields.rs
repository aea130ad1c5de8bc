//! `key=value` fields and bare flags, as the lines of a position write them.

/// Which fields and flags a line may hold, and what to call them in errors.
#[derive(Clone, Copy, Debug)]
pub struct FieldSpec<'s> {
    pub keys: &'s [&'s str],
    pub flags: &'s [&'s str],
    /// What a `key=value` word is called ("field", "option", "ship field").
    pub field: &'s str,
    /// What a bare word is called ("word", "unit flag").
    pub flag: &'s str,
}

impl<'s> FieldSpec<'s> {
    pub const fn new(keys: &'s [&'s str], flags: &'s [&'s str]) -> FieldSpec<'s> {
        FieldSpec {
            keys,
            flags,
            field: "field",
            flag: "word",
        }
    }
    pub const fn named(mut self, field: &'s str, flag: &'s str) -> FieldSpec<'s> {
        self.field = field;
        self.flag = flag;
        self
    }
    fn expected(&self) -> String {
        self.keys
            .iter()
            .map(|k| format!("{k}=..."))
            .chain(self.flags.iter().map(|f| f.to_string()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The fields of one line: each key at most once and one of the spec's keys (any case);
/// bare words (flags) likewise, kept apart.
#[derive(Clone, Debug, Default)]
pub struct Fields<'a> {
    values: Vec<(String, &'a str)>,
    flags: Vec<String>,
}

impl<'a> Fields<'a> {
    pub fn read(words: &[&'a str], spec: &FieldSpec) -> Result<Fields<'a>, String> {
        let mut out = Fields::default();
        for w in words {
            match w.split_once('=') {
                Some((k, v)) => out.value(w, k, v, spec)?,
                None => out.flag(w, spec)?,
            }
        }
        Ok(out)
    }
    fn value(&mut self, w: &str, k: &str, v: &'a str, spec: &FieldSpec) -> Result<(), String> {
        let k = k.to_ascii_lowercase();
        if !spec.keys.contains(&k.as_str()) {
            return Err(format!(
                "unknown {} '{w}' (expected {})",
                spec.field,
                spec.expected()
            ));
        }
        if self.values.iter().any(|(seen, _)| *seen == k) {
            return Err(format!("{} '{k}' given twice", spec.field));
        }
        self.values.push((k, v));
        Ok(())
    }
    fn flag(&mut self, w: &str, spec: &FieldSpec) -> Result<(), String> {
        let f = w.to_ascii_lowercase();
        if !spec.flags.contains(&f.as_str()) {
            return Err(format!(
                "unknown {} '{w}' (expected {})",
                spec.flag,
                spec.expected()
            ));
        }
        if self.flags.contains(&f) {
            return Err(format!("flag '{f}' given twice"));
        }
        self.flags.push(f);
        Ok(())
    }
    pub fn get(&self, key: &str) -> Option<&'a str> {
        self.values.iter().find(|(k, _)| k == key).map(|(_, v)| *v)
    }
    /// The value of `key` read by `read`, or `default` when the key is not given.
    pub fn read_or<T>(
        &self,
        key: &str,
        default: T,
        read: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<T, String> {
        self.get(key).map_or(Ok(default), read)
    }
    pub fn has(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }
}
