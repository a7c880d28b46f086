//! `docs/architecture.md` is true of the tree: its source layout names every file of `src/`
//! and nothing that is not there, and the game's layers and the computer's rooms import
//! each other in one direction only (no circle; in the game, each layer only from those
//! listed above it).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::root;

/// Every `.rs` file under `dir`, as paths relative to the repository root.
fn rust_files(dir: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut stack = vec![root().join(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("a readable folder") {
            let p = e.expect("a readable entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p.strip_prefix(root()).expect("under the root");
                out.insert(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out
}

/// The files of `src/` the layout block names: a line at the left margin names a file or
/// opens a folder (`src/game/`); a line indented by two names a file of the open folder
/// (several may share a line, `a.rs, b.rs`); deeper lines continue a description.
fn named_in_layout() -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(root().join("docs/architecture.md")).expect("the page");
    let start = text
        .find("## The source layout")
        .expect("the page has a source layout");
    let mut named = Vec::new();
    let mut folder: Option<String> = None;
    let mut inside = false;
    let first_line = text[..start].lines().count();
    for (i, line) in text[start..].lines().enumerate() {
        if line.starts_with("```") {
            if inside {
                break;
            }
            inside = true;
            continue;
        }
        if !inside || line.trim().is_empty() {
            continue;
        }
        let n = first_line + i + 1;
        let word = line.split_whitespace().next().unwrap_or("");
        if !line.starts_with(' ') {
            folder = None;
            if word.starts_with("src/") && word.ends_with('/') {
                folder = Some(word.to_string());
            } else if word.starts_with("src/") {
                named.push((n, word.to_string()));
            }
        } else if line.starts_with("  ") && !line.starts_with("   ") {
            if let Some(f) = &folder {
                for w in line.split("  ").nth(1).unwrap_or("").split(", ") {
                    let w = w.trim();
                    if w.ends_with(".rs") {
                        named.push((n, format!("{f}{w}")));
                    }
                }
            }
        }
    }
    named
}

#[test]
fn the_layout_names_every_source_file_and_only_those() {
    let named = named_in_layout();
    assert!(named.len() > 50, "the layout names {} files", named.len());
    let missing: Vec<String> = named
        .iter()
        .filter(|(_, p)| !root().join(p).is_file())
        .map(|(n, p)| format!("docs/architecture.md:{n}: {p} is not a file"))
        .collect();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    let names: BTreeSet<&str> = named.iter().map(|(_, p)| p.as_str()).collect();
    let unnamed: Vec<String> = rust_files(Path::new("src"))
        .into_iter()
        .filter(|p| !names.contains(p.as_str()))
        .collect();
    assert!(
        unnamed.is_empty(),
        "docs/architecture.md's source layout leaves out: {}",
        unnamed.join(", ")
    );
}

/// The module path of a file under `src/<top>/` (`game::model::aim`, `game::model` for its
/// `mod.rs`).
fn module_of(file: &str) -> String {
    let p = file.trim_start_matches("src/").trim_end_matches(".rs");
    let p = p.trim_end_matches("/mod");
    p.replace('/', "::")
}

/// The length of the brace group `text` starts with, its closing brace included.
fn closing(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

/// The first path segments of each item of a `use` tree's braces (`{a, b::c, self}`).
fn brace_heads(tree: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut item = String::new();
    for c in tree.chars() {
        match c {
            '{' => {
                depth += 1;
                if depth > 1 {
                    item.push(c);
                }
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    out.push(std::mem::take(&mut item));
                } else {
                    item.push(c);
                }
            }
            ',' if depth == 1 => out.push(std::mem::take(&mut item)),
            _ if depth >= 1 => item.push(c),
            _ => {}
        }
    }
    out.into_iter()
        .map(|s| s.trim().split("::").next().unwrap_or("").trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The modules of `top` (`game`, `computer`) each file imports: paths through `crate::top::`,
/// `super::` and `self::`, the longest prefix that is a module of the tree; a file's own
/// tests (after `#[cfg(test)]`) are left out, as is the file itself.
fn imports(top: &str) -> BTreeMap<String, BTreeSet<String>> {
    let files = rust_files(&Path::new("src").join(top));
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(f)).collect();
    let mut out = BTreeMap::new();
    for f in &files {
        let me = module_of(f);
        let text = std::fs::read_to_string(root().join(f)).expect("a readable file");
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let code: String = code
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let parent: Vec<&str> = me
            .rsplit_once("::")
            .map_or(vec![], |(p, _)| p.split("::").collect());
        let mut found = BTreeSet::new();
        let prefixes = [
            (format!("crate::{top}::"), vec![top.to_string()]),
            (
                "super::".to_string(),
                parent.iter().map(|s| s.to_string()).collect(),
            ),
            (
                "self::".to_string(),
                me.split("::").map(String::from).collect(),
            ),
        ];
        for (prefix, base) in &prefixes {
            let mut rest = code.as_str();
            while let Some(at) = rest.find(prefix.as_str()) {
                // A word that only ends in the prefix (`my_super::`) is not a path.
                let before = rest[..at].chars().last();
                rest = &rest[at + prefix.len()..];
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let path: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                let after = &rest[path.len()..];
                let lead: Vec<String> = path
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect();
                let heads: Vec<Vec<String>> = if path.ends_with("::") && after.starts_with('{') {
                    brace_heads(&after[..closing(after)])
                        .into_iter()
                        .map(|h| lead.iter().cloned().chain([h]).collect())
                        .collect()
                } else {
                    vec![lead]
                };
                for segs in heads {
                    let mut full: Vec<String> = base.clone();
                    full.extend(segs.into_iter().filter(|s| s != "self"));
                    while !full.is_empty() && !modules.contains(&full.join("::")) {
                        full.pop();
                    }
                    let m = full.join("::");
                    if !m.is_empty() && m != me && m != top {
                        found.insert(m);
                    }
                }
            }
        }
        out.insert(me, found);
    }
    out
}

/// A circle of imports, if any: the modules on it, in order.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == n) {
            let mut c = path[i..].to_vec();
            c.push(n.to_string());
            return Some(c);
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for n in graph.keys() {
        if let Some(c) = visit(n, graph, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

#[test]
fn the_game_and_the_computer_import_in_one_direction() {
    for top in ["game", "computer"] {
        let graph = imports(top);
        assert!(graph.len() > 8, "{top}: {} modules read", graph.len());
        if let Some(c) = circle(&graph) {
            panic!("src/{top}: a circle of imports: {}", c.join(" -> "));
        }
    }
}

/// The game's layers in the order `docs/architecture.md` lists them: each may import only
/// those before it.
const GAME_LAYERS: [&str; 9] = [
    "model",
    "view",
    "input",
    "players",
    "screens",
    "hud",
    "dev_tools",
    "web",
    "share",
];

#[test]
fn each_game_layer_imports_only_the_layers_above_it() {
    let layer = |m: &str| {
        let first = m.split("::").nth(1).unwrap_or("");
        GAME_LAYERS.iter().position(|l| *l == first)
    };
    let mut wrong = Vec::new();
    for (from, tos) in imports("game") {
        let Some(a) = layer(&from) else { continue };
        for to in tos {
            if let Some(b) = layer(&to)
                && b > a
            {
                wrong.push(format!("{from} -> {to}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers' order: {}",
        wrong.join(", ")
    );
    let text = std::fs::read_to_string(root().join("docs/architecture.md")).expect("the page");
    let listed: Vec<&str> = GAME_LAYERS
        .iter()
        .map(|l| {
            let file = format!("  {l}.rs");
            let folder = format!("  {l}/mod.rs");
            text.find(&folder)
                .or_else(|| text.find(&file))
                .map_or("", |_| *l)
        })
        .collect();
    assert_eq!(listed, GAME_LAYERS, "every layer is in the layout");
    let at: Vec<usize> = GAME_LAYERS
        .iter()
        .map(|l| {
            text.find(&format!("  {l}/mod.rs"))
                .or_else(|| text.find(&format!("  {l}.rs")))
                .unwrap_or(0)
        })
        .collect();
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "the layout lists the game's layers in their order"
    );
}

#[test]
fn the_import_reader_sees_braces_super_and_self() {
    assert_eq!(
        brace_heads("{a, b::c, self, d::{e, f}}"),
        ["a", "b", "self", "d"]
    );
    assert_eq!(module_of("src/game/model/mod.rs"), "game::model");
    assert_eq!(module_of("src/game/model/aim.rs"), "game::model::aim");
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(circle(&g).unwrap(), ["a", "b", "a"]);
    g.insert("b".to_string(), BTreeSet::new());
    assert_eq!(circle(&g), None);
    assert_eq!(closing("{a, {b}} c"), 8);
}
