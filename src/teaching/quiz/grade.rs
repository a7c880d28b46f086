//! Grading: a person's answers against the referee's keys, part by part; the answers file a
//! class fills in (one line per question: its number, then legal or foul, the rule, the balls,
//! who and how, `-` for a part left out); and the summary of a run: the score, each topic's,
//! and what to review (the rules most missed, with the scenario that shows each).

use std::collections::BTreeMap;

use super::key::{self, Answer, Balls, How, Key, PARTS, Who};
use super::{Question, Topic};

/// One question graded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graded {
    pub id: String,
    pub topic: Topic,
    /// The rule that decided it (the key's), for the review.
    pub rule: String,
    /// The library scenario that shows it.
    pub scenario: String,
    /// Each part right or not, in [`PARTS`] order.
    pub parts: [bool; 4],
}

impl Graded {
    pub fn of(q: &Question, key: &Key, answer: &Answer) -> Graded {
        Graded {
            id: q.id.clone(),
            topic: q.topic,
            rule: key.rule.clone(),
            scenario: q.scenario.clone(),
            parts: key.grade(answer),
        }
    }

    /// Every part right.
    pub fn right(&self) -> bool {
        self.parts.iter().all(|&p| p)
    }
}

/// One answer from its words: verdict, rule, balls, who, how (missing trailing parts are left
/// out). The error says which part is wrong.
pub fn answer_from_words(words: &[&str]) -> Result<Answer, String> {
    let get = |i: usize| words.get(i).copied().unwrap_or("");
    if words.len() > 5 {
        return Err(format!(
            "{} words; an answer has at most five (legal or foul, rule, balls, who, how)",
            words.len()
        ));
    }
    let who: Option<Who> = key::part("who", get(3))?;
    let how: Option<How> = key::part("how", get(4))?;
    Ok(Answer {
        legal: key::verdict(get(0))?,
        rule: key::rule(get(1))?,
        balls: key::part::<Balls>("balls", get(2))?,
        next: who.zip(how),
    })
}

/// Reads an answers file for a quiz of `count` questions: `N verdict rule balls who how` per
/// line, `#` starts a comment, blank lines are skipped. A question without a line is
/// unanswered. Errors name the file, the line and the problem.
pub fn parse_answers(name: &str, text: &str, count: usize) -> Result<Vec<Answer>, String> {
    let mut out = vec![Answer::default(); count];
    let mut seen = vec![0usize; count];
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let words: Vec<&str> = body.split_whitespace().collect();
        let at = |msg: String| format!("{name}:{line}: {}", crate::echo::cut(&msg));
        let n: usize = words[0].trim_end_matches(['.', ':']).parse().map_err(|_| {
            at(format!(
                "`{}` is not a question's number (a line is `N legal|foul RULE BALLS WHO HOW`)",
                crate::echo::visible(words[0])
            ))
        })?;
        if n == 0 || n > count {
            return Err(at(format!(
                "question {n}: this quiz has questions 1 to {count}"
            )));
        }
        if seen[n - 1] > 0 {
            return Err(at(format!(
                "question {n} is answered twice (first on line {})",
                seen[n - 1]
            )));
        }
        seen[n - 1] = line;
        out[n - 1] = answer_from_words(&words[1..]).map_err(at)?;
    }
    Ok(out)
}

/// Right and asked, for a score.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    pub right: u32,
    pub asked: u32,
}

impl Score {
    pub fn percent(&self) -> f64 {
        100.0 * self.right as f64 / self.asked.max(1) as f64
    }
}

/// A run's summary: questions wholly right, parts right, per topic, and the rules missed most.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub questions: Score,
    pub parts: [Score; 4],
    pub topics: BTreeMap<Topic, Score>,
    /// Rules of the questions missed, most missed first: (rule, times, a scenario showing it).
    pub review: Vec<(String, u32, String)>,
}

pub fn summarize(graded: &[Graded]) -> Summary {
    let mut s = Summary::default();
    let mut missed: BTreeMap<String, (u32, String)> = BTreeMap::new();
    for g in graded {
        let right = g.right() as u32;
        s.questions.asked += 1;
        s.questions.right += right;
        for (p, ok) in s.parts.iter_mut().zip(g.parts) {
            p.asked += 1;
            p.right += ok as u32;
        }
        let t = s.topics.entry(g.topic).or_default();
        t.asked += 1;
        t.right += right;
        if !g.right() {
            let e = missed
                .entry(g.rule.clone())
                .or_insert((0, g.scenario.clone()));
            e.0 += 1;
        }
    }
    s.review = missed
        .into_iter()
        .map(|(rule, (n, scenario))| (rule, n, scenario))
        .collect();
    s.review.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    s
}

impl Summary {
    /// The summary in lines, as `tenball quiz` prints it after a run.
    pub fn lines(&self) -> Vec<String> {
        let q = self.questions;
        if q.asked == 0 {
            return vec!["No question was answered: nothing is graded or kept.".into()];
        }
        let mut out = vec![format!(
            "Score: {} of {} questions wholly right ({:.0} %)",
            q.right,
            q.asked,
            q.percent()
        )];
        let parts: Vec<String> = PARTS
            .iter()
            .zip(self.parts)
            .map(|(name, p)| format!("{name} {}/{}", p.right, p.asked))
            .collect();
        out.push(format!("  parts: {}", parts.join(", ")));
        for (t, s) in &self.topics {
            out.push(format!(
                "  {:<32} {}/{} ({:.0} %)",
                t.title(),
                s.right,
                s.asked,
                s.percent()
            ));
        }
        if self.review.is_empty() {
            out.push("Nothing to review: every question wholly right.".into());
        } else {
            out.push("To review (the rules of the questions missed, most missed first):".into());
            for (rule, n, scenario) in &self.review {
                out.push(format!(
                    "  {rule} {}: missed {n}; see `tenball scenario show {scenario}`",
                    key::rule_title(rule)
                ));
            }
        }
        out
    }
}
