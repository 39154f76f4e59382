//! The text of a saved game: the deal as people type it (the drawn pyramid, then the stock
//! line), under `#` header lines that other Pyramid solvers skip as comments:
//!
//! ```text
//! # game: pyramid
//! # name: Tuesday
//! # saved: 2026-11-21 18:30
//! # result: solved in 40 steps
//! # pass: 2
//! # waste top: 9s
//! # gone: Kd 6h 7c
//! # moves: draw 6h+7c Kd recycle
//! # notes: stuck after the second pass
//! # challenge: score 1290 earned 300
//! # passes: 2
//! # pairing: relaxed
//! # goal: all
//! ```
//!
//! `game` names the game the file holds (`pyramid` or `tripeaks`); a file without it is a
//! Pyramid one, as every file was before there were other games. `pass`, `waste top` and
//! `gone` describe a game entered part-way through (its start); `moves`
//! are the moves played from that start, so reopening returns to the same position with its
//! undo history. A card in brackets in `gone`, `(5c)`, stands in for a card gone whose
//! identity the player does not know: the deal holds one of the missing cards there, so that
//! it stays a whole deal, and the app shows the slot as gone with its card unknown. `challenge` is what the game is played for (`score TARGET earned E`, or
//! `card RANK TARGET already K`; the Board challenge when absent). A file with only a deal is a
//! game at its start. The rules: `passes` is the number of passes through the stock (1 to 8,
//! or `unlimited`), `pairing` is `strict` or `relaxed`, and `goal` is `pyramid` or `all` (52
//! cards); Microsoft Solitaire Collection's (3, strict, pyramid) for those absent.
//!
//! The headers every game's files share are read and written by [`crate::engine::headers`].

use super::layout::{LAYOUT, PYRAMID_SIZE};
use super::notation::{move_text, read_move};
use super::{Finish, Game, Goal, Midgame, Move, Passes, Position, RuleChanges, Rules};
use crate::cards::card::Card;
use crate::cards::deal::{DECK_SIZE, Deal, DraftSlot, draft_slots, read_draft_slots, typed_slots};
use crate::cards::excerpt::excerpt;
use crate::engine::goal::read_count;
use crate::engine::headers::{
    DRAFT_LINE, SavedTextError, check_given_once, game_header, game_of_text, goal_header, header,
    headers, printable, read_goal, saved_date, saved_name, unfinished_header,
};
use crate::engine::kind::GameKind;
use crate::engine::referee::read_line;

/// Moves written per `# moves:` line.
const MOVES_PER_LINE: usize = 16;

/// What is known about a saved game's answer from its start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Unsolved,
    Solved(usize),
    NoSolution,
}

impl Verdict {
    fn header(&self) -> Option<String> {
        match self {
            Verdict::Unsolved => None,
            Verdict::Solved(steps) => Some(format!("solved in {steps} steps")),
            Verdict::NoSolution => Some("no solution".to_string()),
        }
    }

    fn parse(text: &str) -> Verdict {
        if text == "no solution" {
            return Verdict::NoSolution;
        }
        text.strip_prefix("solved in ")
            .and_then(|rest| rest.strip_suffix(" steps"))
            .and_then(|n| n.parse().ok())
            .map_or(Verdict::Unsolved, Verdict::Solved)
    }

    /// A short word for lists.
    pub fn label(&self) -> String {
        match self {
            Verdict::Unsolved => "unsolved".to_string(),
            Verdict::Solved(steps) => format!("{steps} steps"),
            Verdict::NoSolution => "no solution".to_string(),
        }
    }
}

/// A saved game: its deal, where it started, the moves played, and what the user noted.
/// The start is a reachable position and the moves replay from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedDeal {
    pub name: String,
    pub saved: String,
    pub verdict: Verdict,
    pub deal: Deal,
    pub midgame: Midgame,
    pub moves: Vec<Move>,
    pub notes: Vec<String>,
    pub goal: Goal,
    pub rules: Rules,
}

impl SavedDeal {
    /// A deal at its start, with nothing played.
    pub fn new(name: &str, saved: &str, verdict: Verdict, deal: Deal) -> SavedDeal {
        SavedDeal {
            name: printable(name),
            saved: saved.to_string(),
            verdict,
            deal,
            midgame: Midgame::default(),
            moves: Vec::new(),
            notes: Vec::new(),
            goal: Goal::Board,
            rules: Rules::default(),
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> Position {
        self.midgame
            .position(&self.deal, self.rules)
            .expect("a saved game's start is checked when it is made")
    }

    /// The game with its moves played.
    pub fn game(&self) -> Game {
        Game::replay(self.start(), &self.moves).expect("a saved game's moves are checked")
    }

    /// The file text: `#` headers, then the deal as people type it.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{}# name: {}\n# saved: {}\n",
            game_header(GameKind::Pyramid),
            printable(&self.name),
            printable(&self.saved)
        );
        if let Some(verdict) = self.verdict.header() {
            text.push_str(&format!("# result: {verdict}\n"));
        }
        let start = self.midgame.position(&self.deal, self.rules).ok();
        let moves = start.as_ref().map_or(&[][..], |_| &self.moves[..]);
        text.push_str(&progress_headers(
            &self.deal.cards().map(Some),
            &self.midgame,
            start.as_ref(),
            moves,
        ));
        for note in &self.notes {
            text.push_str(&format!("# notes: {}\n", printable(note)));
        }
        text.push_str(&goal_header(self.goal));
        text.push_str(&rules_header(self.rules));
        text.push_str(&self.deal.to_layout(&LAYOUT));
        text
    }

    /// Reads a save; a plain deal file without headers is named after `fallback_name`.
    pub fn parse(text: &str, fallback_name: &str) -> Result<SavedDeal, SavedTextError> {
        let deal = Deal::parse(text).map_err(SavedTextError::Deal)?;
        SavedDeal::with_headers(text, deal, fallback_name, RuleChanges::default())
    }

    /// The deal read from `text`, with what its headers say: name, date, result, the start
    /// and the moves, under the rules the headers give with `changes` made. Headers that do
    /// not fit the deal are an error naming the header.
    pub fn with_headers(
        text: &str,
        deal: Deal,
        fallback_name: &str,
        changes: RuleChanges,
    ) -> Result<SavedDeal, SavedTextError> {
        let game = game_of_text(text)?;
        if game != GameKind::Pyramid {
            return Err(SavedTextError::OtherGame {
                found: game,
                wanted: GameKind::Pyramid,
            });
        }
        check_given_once(text)?;
        let rules = changes.apply(read_rules(text)?);
        let cards = deal.cards().map(Some);
        let midgame = read_midgame(text, &cards, rules)?;
        let start = midgame.position(&deal, rules).map_err(|problems| {
            SavedTextError::value("gone, waste top, pass", problems[0].message(&cards))
        })?;
        let moves = read_line(&start, &headers(text, "moves").join(" "), read_move)
            .map_err(SavedTextError::at_move(text))?;
        let goal = read_goal(text, GameKind::Pyramid)?;
        // The same check as the commands' and the app's: a file cannot hold what they refuse.
        goal.check(rules)
            .map_err(|problem| SavedTextError::value("challenge and # goal", problem))?;
        Ok(SavedDeal {
            name: saved_name(text, fallback_name),
            saved: saved_date(text),
            verdict: header(text, "result").map_or(Verdict::Unsolved, |v| Verdict::parse(&v)),
            deal,
            midgame,
            moves,
            notes: headers(text, "notes"),
            goal,
            rules,
        })
    }
}

/// The `pass`, `waste top`, `gone` and `moves` headers for a game on these slots.
fn progress_headers(
    slots: &[Option<Card>; DECK_SIZE],
    midgame: &Midgame,
    start: Option<&Position>,
    moves: &[Move],
) -> String {
    let mut text = String::new();
    if midgame.pass != 1 {
        text.push_str(&format!("# pass: {}\n", midgame.pass));
    }
    // The waste ends at its top card: the last stock card up to the split still there.
    let waste_top = (PYRAMID_SIZE..DECK_SIZE)
        .rev()
        .filter(|&slot| midgame.in_waste(slot) && !midgame.is_gone(slot))
        .find_map(|slot| slots[slot]);
    if let Some(card) = waste_top {
        text.push_str(&format!("# waste top: {card}\n"));
    }
    // A card in brackets stands in for one gone without the player knowing which.
    let gone: Vec<String> = (0..DECK_SIZE)
        .filter(|&slot| midgame.is_gone(slot))
        .filter_map(|slot| {
            slots[slot].map(|c| {
                if midgame.is_unknown(slot) {
                    format!("({c})")
                } else {
                    c.to_string()
                }
            })
        })
        .collect();
    if !gone.is_empty() {
        text.push_str(&format!("# gone: {}\n", gone.join(" ")));
    }
    if let Some(start) = start {
        let words = start.walk(moves, |before, mv, _| move_text(before, mv));
        for line in words.chunks(MOVES_PER_LINE) {
            text.push_str(&format!("# moves: {}\n", line.join(" ")));
        }
    }
    text
}

/// The `passes`, `pairing` and `goal` headers, each only when it is not MSC's.
fn rules_header(rules: Rules) -> String {
    let msc = Rules::default();
    let mut text = String::new();
    if rules.passes != msc.passes {
        text.push_str(&format!("# passes: {}\n", rules.passes.word()));
    }
    if rules.relaxed {
        text.push_str("# pairing: relaxed\n");
    }
    if rules.finish != msc.finish {
        text.push_str(&format!("# goal: {}\n", rules.finish.word()));
    }
    text
}

/// Why a text is not a pairing rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a pairing rule: strict or relaxed", excerpt(.0))]
struct PairingError(String);

/// The rules the `passes`, `pairing` and `goal` headers give.
fn read_rules(text: &str) -> Result<Rules, SavedTextError> {
    fn read<T, E: std::fmt::Display>(
        text: &str,
        key: &'static str,
        parse: impl Fn(&str) -> Result<T, E>,
    ) -> Result<Option<T>, SavedTextError> {
        header(text, key)
            .map(|value| parse(&value).map_err(|problem| SavedTextError::value(key, problem)))
            .transpose()
    }
    let pairing = |value: &str| match value {
        "strict" => Ok(false),
        "relaxed" => Ok(true),
        _ => Err(PairingError(value.to_string())),
    };
    let changes = RuleChanges {
        passes: read(text, "passes", Passes::parse)?,
        relaxed: read(text, "pairing", pairing)?,
        finish: read(text, "goal", Finish::parse)?,
    };
    Ok(changes.apply(Rules::default()))
}

/// The start marks the headers give, for cards in these slots, in a game under `rules`.
fn read_midgame(
    text: &str,
    slots: &[Option<Card>; DECK_SIZE],
    rules: Rules,
) -> Result<Midgame, SavedTextError> {
    let slot_of = |word: &str, key: &'static str| -> Result<usize, SavedTextError> {
        let card: Card = word.parse().map_err(|_| {
            SavedTextError::value(key, format_args!("'{}' is not a card", excerpt(word)))
        })?;
        slots
            .iter()
            .position(|&s| s == Some(card))
            .ok_or_else(|| SavedTextError::value(key, format_args!("{card} is not in the deal")))
    };
    let mut midgame = Midgame::default();
    if let Some(pass) = header(text, "pass") {
        midgame.pass = read_count(&pass, rules.last_pass())
            .map_err(|problem| SavedTextError::value("pass", problem))?;
    }
    if let Some(top) = header(text, "waste top") {
        let slot = slot_of(&top, "waste top")?;
        if slot < PYRAMID_SIZE {
            return Err(SavedTextError::value(
                "waste top",
                format_args!("{top} is a pyramid card, not a stock card"),
            ));
        }
        midgame.waste_to = Some(slot);
    }
    for line in headers(text, "gone") {
        for word in line.split_whitespace() {
            match word.strip_prefix('(').and_then(|w| w.strip_suffix(')')) {
                Some(stand_in) => midgame.set_unknown(slot_of(stand_in, "gone")?, true),
                None => midgame.set_gone(slot_of(word, "gone")?, true),
            }
        }
    }
    Ok(midgame)
}

/// The deal being typed, kept between runs: the slots (`..` for an empty one, `??` for a card
/// not seen yet), the marks of a game entered part-way, and the moves played when the deal is
/// complete.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub slots: [Option<Card>; DECK_SIZE],
    /// Bit `i`: slot `i` holds a card not seen yet (its slot is `None`).
    pub unseen: u64,
    pub midgame: Midgame,
    pub moves: Vec<Move>,
    pub goal: Goal,
    pub rules: Rules,
}

impl Draft {
    /// The draft text, in the save format.
    pub fn to_text(&self) -> String {
        let start = self.start();
        let moves = start.as_ref().map_or(&[][..], |_| &self.moves[..]);
        format!(
            "{DRAFT_LINE}{}{}{}{}",
            game_header(GameKind::Pyramid),
            progress_headers(&self.slots, &self.midgame, start.as_ref(), moves),
            goal_header(self.goal) + &rules_header(self.rules),
            LAYOUT.drawn(&draft_slots(&self.slots, self.unseen).map(DraftSlot::text))
        )
    }

    /// The text of an unfinished deal saved under a name: the draft format (`..` for an
    /// empty slot) under the name, date and notes headers. It opens again into the editor.
    pub fn to_named_text(&self, name: &str, saved: &str, notes: &[String]) -> String {
        let mut text = format!(
            "# name: {name}
# saved: {saved}
"
        );
        text.push_str(&unfinished_header(self.typed(), DECK_SIZE));
        for note in notes {
            text.push_str(&format!(
                "# notes: {note}
"
            ));
        }
        let body = self.to_text();
        text.push_str(body.split_once('\n').map_or("", |(_, rest)| rest));
        text
    }

    /// Slots typed, those holding a card not seen yet included.
    pub fn typed(&self) -> usize {
        self.slots.iter().flatten().count() + self.unseen.count_ones() as usize
    }

    /// The start position, when the slots hold a whole deal (its cards not seen yet
    /// included) and the marks fit it.
    fn start(&self) -> Option<Position> {
        let whole =
            (0..DECK_SIZE).all(|slot| self.slots[slot].is_some() || self.unseen & (1 << slot) != 0);
        let deal = Deal::from_slots(&self.slots, GameKind::Pyramid).ok()?;
        whole.then(|| self.midgame.position(&deal, self.rules).ok())?
    }

    /// Reads a draft back; `None` when it is not one, or is another game's (its `# game:`
    /// header names it).
    pub fn parse(text: &str) -> Option<Draft> {
        if game_of_text(text) != Ok(GameKind::Pyramid) {
            return None;
        }
        let (slots, unseen) = typed_slots(&read_draft_slots(text)?);
        let rules = read_rules(text).unwrap_or_default();
        let mut draft = Draft {
            slots,
            unseen,
            midgame: read_midgame(text, &slots, rules).unwrap_or_default(),
            moves: Vec::new(),
            goal: read_goal(text, GameKind::Pyramid).unwrap_or_default(),
            rules,
        };
        if draft.goal.check(draft.rules).is_err() {
            draft.goal = Goal::Board;
        }
        if let Some(start) = draft.start() {
            draft.moves =
                read_line(&start, &headers(text, "moves").join(" "), read_move).unwrap_or_default();
        }
        Some(draft)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::card::Rank;
    use crate::engine::headers::header_value;
    use crate::games::pyramid::GoalError;

    fn example() -> SavedDeal {
        SavedDeal::parse(
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/saved-games/winnable-40-steps.txt"
            )),
            "x",
        )
        .unwrap()
    }

    #[test]
    fn a_header_is_read_whatever_the_case_of_its_key() {
        let text = "# Moves: 4h>3 draw\n#moves:draw\n  #  MOVES: 9c\n# movesx: no\n# move: no\n";
        assert_eq!(headers(text, "moves"), ["4h>3 draw", "draw", "9c"]);
        assert_eq!(header_value("# Name: a", "name"), Some(" a"));
        assert_eq!(header_value("# Nämé: a", "name"), None);
        assert_eq!(header_value("# na", "name"), None);
    }

    #[test]
    fn a_game_in_progress_round_trips_with_its_start_moves_and_notes() {
        let mut saved = example();
        let cards = saved.deal.cards();
        // Start on pass 2 with the waste holding stock cards 1-3, and Qh+Ah gone.
        saved.midgame.pass = 2;
        saved.rules = Rules {
            passes: Passes::Limited(2),
            ..Rules::default()
        };
        saved.midgame.waste_to = Some(PYRAMID_SIZE + 2);
        for card in ["Qh", "Ah"] {
            let slot = cards.iter().position(|c| c.to_string() == card).unwrap();
            saved.midgame.set_gone(slot, true);
        }
        let mut game = Game::new(saved.start());
        for _ in 0..20 {
            let mv = game.position().legal_moves()[0];
            game.play(mv).unwrap();
        }
        saved.moves = game.moves().to_vec();
        saved.notes = vec!["stuck here".to_string(), "try the Kings".to_string()];
        saved.goal = Goal::Card {
            rank: Rank::new(11).unwrap(),
            target: 4,
            already: 1,
        };
        let text = saved.to_text();
        assert!(text.contains("# pass: 2\n"), "{text}");
        assert!(text.contains("# gone: Qh Ah\n"), "{text}");
        assert!(text.contains("# challenge: card J 4 already 1\n"), "{text}");
        assert!(text.contains("# passes: 2\n"), "{text}");
        assert_eq!(text.matches("# moves:").count(), 2, "{text}");
        let back = SavedDeal::parse(&text, "y").unwrap();
        assert_eq!(back, saved);
        assert_eq!(back.game().position(), game.position());
    }

    #[test]
    fn headers_that_do_not_fit_the_deal_are_named() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/winnable-40-steps.txt"
        ));
        let with = |header: &str| SavedDeal::parse(&format!("{header}\n{text}"), "x");
        assert_eq!(
            with("# moves: draw recycle").unwrap_err().to_string(),
            "# moves: move 2: 'recycle' cannot be played: recycle only when the stock is empty"
        );
        assert_eq!(
            with("# gone: Zz").unwrap_err().to_string(),
            "# gone: 'Zz' is not a card"
        );
        assert!(
            with("# pass: 7")
                .unwrap_err()
                .to_string()
                .contains("pass 7 is not possible")
        );
        assert!(
            with("# challenge: score 100 earned 200")
                .unwrap_err()
                .to_string()
                .contains("must be above the points already earned")
        );
        assert!(
            with("# challenge: golf")
                .unwrap_err()
                .to_string()
                .contains("'golf' is not a challenge")
        );
        assert!(
            with("# gone: 3c")
                .unwrap_err()
                .to_string()
                .contains("3c cannot be gone")
        );
    }

    #[test]
    fn a_pass_past_what_a_byte_holds_reads_and_one_out_of_range_is_named_so() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/winnable-40-steps.txt"
        ));
        let with = |header: &str| SavedDeal::parse(&format!("{header}\n{text}"), "x");
        let unlimited = with("# passes: unlimited\n# pass: 256\n# waste top: 2s").unwrap();
        assert_eq!(unlimited.midgame.pass, 256);
        assert_eq!(unlimited.start().pass(), 256);
        assert!(unlimited.to_text().contains("# pass: 256\n"));
        assert_eq!(
            with("# passes: unlimited\n# pass: 4294967296")
                .unwrap_err()
                .to_string(),
            "# pass: '4294967296' is too large: at most 4294967295"
        );
        assert_eq!(
            with("# pass: 99999999999").unwrap_err().to_string(),
            "# pass: '99999999999' is too large: at most 3"
        );
        assert_eq!(
            with("# pass: 256").unwrap_err().to_string(),
            "# gone, waste top, pass: pass 256 is not possible: passes go from 1 to 3"
        );
        assert_eq!(
            with("# pass: two").unwrap_err().to_string(),
            "# pass: 'two' is not a number"
        );
    }

    #[test]
    fn a_header_given_twice_with_different_values_is_refused_naming_both_lines() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/winnable-40-steps.txt"
        ));
        let with = |headers: &str| SavedDeal::parse(&format!("{headers}\n{text}"), "x");
        assert_eq!(
            with("# passes: 2\n# pairing: relaxed\n# passes: unlimited")
                .unwrap_err()
                .to_string(),
            "# passes: given twice, '2' on line 1 and 'unlimited' on line 3: keep one"
        );
        assert_eq!(
            with("# game: pyramid\n# GAME: tripeaks")
                .unwrap_err()
                .to_string(),
            "# game: given twice, 'pyramid' on line 1 and 'tripeaks' on line 2: keep one"
        );
        // The example's own name is on line 2 once this line is above it; a long value is
        // shown cut short.
        assert_eq!(
            with("# name: Monday").unwrap_err().to_string(),
            "# name: given twice, 'Monday' on line 1 and 'Example: winnable in 40 …' on line 2: \
             keep one"
        );
        for key in [
            "result",
            "pass",
            "waste top",
            "challenge",
            "pairing",
            "goal",
            "saved",
        ] {
            let error = with(&format!("# {key}: a\n# {key}: b"))
                .unwrap_err()
                .to_string();
            assert!(
                error.starts_with(&format!("# {key}: given twice, 'a' on line 1")),
                "{error}"
            );
        }
        // A value is compared as written: the same number written otherwise is another.
        assert_eq!(
            with("# pass: 2\n# Pass: 02").unwrap_err().to_string(),
            "# pass: given twice, '2' on line 1 and '02' on line 2: keep one"
        );
        // The same value twice says one thing; moves and notes go on over lines.
        let same =
            with("# passes: 2\n# passes: 2\n# moves: draw\n# moves: draw\n# notes: a\n# notes: b");
        let same = same.unwrap();
        assert_eq!(same.rules.passes, Passes::Limited(2));
        assert_eq!(same.moves, [Move::Draw, Move::Draw]);
        assert_eq!(same.notes, ["a", "b"]);
    }

    #[test]
    fn a_draft_keeps_empty_slots_marks_and_moves() {
        let saved = example();
        let mut slots = saved.deal.cards().map(Some);
        let mut draft = Draft {
            slots,
            unseen: 0,
            midgame: Midgame {
                waste_to: Some(PYRAMID_SIZE + 1),
                ..Midgame::default()
            },
            moves: vec![Move::Draw],
            goal: Goal::Score {
                target: 1290,
                earned: 100,
            },
            rules: Rules {
                passes: Passes::Unlimited,
                ..Rules::default()
            },
        };
        assert_eq!(Draft::parse(&draft.to_text()), Some(draft.clone()));
        // Cards not seen yet (`??`) keep the moves: the deal is whole.
        let mut unseen = draft.clone();
        unseen.slots[40] = None;
        unseen.slots[41] = None;
        unseen.unseen = 0b11 << 40;
        let text = unseen.to_text();
        assert!(text.contains("?? ??"), "{text}");
        assert_eq!(Draft::parse(&text), Some(unseen.clone()));
        assert_eq!(unseen.typed(), DECK_SIZE);
        slots[5] = None;
        draft.slots = slots;
        draft.moves.clear();
        assert_eq!(Draft::parse(&draft.to_text()), Some(draft));
    }

    #[test]
    fn control_characters_never_reach_the_file() {
        let mut saved = example();
        saved.name = "red\u{1b}[31m\u{7} name\r\nnext".to_string();
        saved.notes = vec!["a\u{1b}]0;title\u{7}note\u{9b}".to_string()];
        let text = saved.to_text();
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{text:?}"
        );
        assert!(
            text.starts_with("# game: pyramid\n# name: red[31m namenext\n"),
            "{text:?}"
        );
        let back = SavedDeal::parse(&text, "x").unwrap();
        assert_eq!(back.name, "red[31m namenext");
        assert_eq!(back.notes, ["a]0;titlenote"]);
        let made = SavedDeal::new("a\u{7}b", "", Verdict::Unsolved, saved.deal);
        assert_eq!(made.name, "ab");
        // A file written by hand with them is read without them.
        let hand = format!(
            "# name: x\u{1b}y\u{7}\n# notes: n\u{8}o\n{}",
            saved.deal.to_layout(&LAYOUT)
        );
        let read = SavedDeal::parse(&hand, "x").unwrap();
        assert_eq!((read.name.as_str(), read.notes[0].as_str()), ("xy", "no"));
    }

    #[test]
    fn variant_rules_are_saved_and_read_back() {
        let mut saved = example();
        saved.rules = Rules {
            passes: Passes::Limited(1),
            relaxed: true,
            finish: Finish::AllCards,
        };
        let text = saved.to_text();
        assert!(
            text.contains("# passes: 1\n# pairing: relaxed\n# goal: all\n"),
            "{text}"
        );
        let back = SavedDeal::parse(&text, "x").unwrap();
        assert_eq!(back.rules, saved.rules);
        // A command line's changes win over the file's.
        let changes = RuleChanges {
            relaxed: Some(false),
            ..RuleChanges::default()
        };
        let strict = SavedDeal::with_headers(&text, saved.deal, "x", changes).unwrap();
        assert!(!strict.rules.relaxed);
        assert_eq!(strict.rules.finish, Finish::AllCards);
        let broken = text.replace("# pairing: relaxed", "# pairing: loose");
        assert_eq!(
            SavedDeal::parse(&broken, "x").unwrap_err().to_string(),
            "# pairing: 'loose' is not a pairing rule: strict or relaxed"
        );
        let broken = text.replace("# goal: all", "# goal: 52");
        assert!(
            SavedDeal::parse(&broken, "x")
                .unwrap_err()
                .to_string()
                .starts_with("# goal: '52' is not a goal")
        );
    }

    #[test]
    fn a_challenge_with_the_all_52_goal_is_refused_as_everywhere_else() {
        let saved = example();
        let text = format!(
            "# challenge: score 1290 earned 0\n# goal: all\n{}",
            saved.deal.to_layout(&LAYOUT)
        );
        assert_eq!(
            SavedDeal::parse(&text, "x").unwrap_err().to_string(),
            format!("# challenge and # goal: {}", GoalError::NeedsPyramid)
        );
        // A draft keeps its deal and rules, and drops the challenge that does not fit them.
        let draft = Draft::parse(&text.replace("# challenge", "# draft\n# challenge")).unwrap();
        assert_eq!(draft.goal, Goal::Board);
        assert_eq!(draft.rules.finish, Finish::AllCards);
        let absurd = format!(
            "# challenge: score 4294967295 earned 4294967294\n{}",
            saved.deal
        );
        assert!(
            SavedDeal::parse(&absurd, "x")
                .unwrap_err()
                .to_string()
                .contains("more than 1000 deals can give")
        );
    }

    #[test]
    fn the_game_header_names_the_game_and_its_absence_means_pyramid() {
        let saved = example();
        let text = saved.to_text();
        assert_eq!(game_of_text(&text), Ok(GameKind::Pyramid));
        let plain: String = text
            .lines()
            .filter(|l| !l.starts_with("# game"))
            .fold(String::new(), |all, line| all + line + "\n");
        assert_eq!(game_of_text(&plain), Ok(GameKind::Pyramid));
        assert_eq!(SavedDeal::parse(&plain, "x").unwrap(), saved);
        let other = text.replace("# game: pyramid", "# game: tripeaks");
        assert_eq!(game_of_text(&other), Ok(GameKind::TriPeaks));
        // Nor is another game's draft taken for one of Pyramid's.
        let draft = Draft::parse(&text).unwrap().to_text();
        assert!(Draft::parse(&draft).is_some());
        assert_eq!(
            Draft::parse(&draft.replace("# game: pyramid", "# game: tripeaks")),
            None
        );
        assert_eq!(
            SavedDeal::parse(&other, "x").unwrap_err().to_string(),
            "the file holds a TriPeaks game, not a Pyramid one"
        );
        let wrong = text.replace("# game: pyramid", "# game: golf");
        assert_eq!(
            SavedDeal::parse(&wrong, "x").unwrap_err().to_string(),
            "# game: 'golf' is not a game: the games are pyramid, tripeaks, klondike, \
             triple-klondike and perfect-pair"
        );
    }
}
