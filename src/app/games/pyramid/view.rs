//! Drawing Pyramid's parts of the screens: the board as the editor, the preview, the stepper
//! or play mode shows it, and the lines of the side panels that are Pyramid's own (the
//! marks and problems in the Check panel, the search's bound, an answer's headline, whether
//! the game can still be won).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use solitaire::cards::excerpt::thousands;
use solitaire::engine::search::Stats;
use solitaire::games::pyramid::layout::PYRAMID_SIZE;
use solitaire::games::pyramid::{Goal, Move, Place};

use super::challenge;
use crate::app::card_input::Pending;
use crate::app::flow::table::{self, TablePlay};
use crate::app::flow::view::{goal_line, unknown_and_cursor_lines};
use crate::app::flow::{Flow, Screen, Solution, Step};
use crate::app::games::pyramid::board::{EditorBoard, PlayBoard};
use crate::app::games::pyramid::play::{Play, Standing};
use crate::app::games::pyramid::{Answered, Pyramid, back_text};
use crate::app::widgets::{Look, capitalised, counted, spinner};

/// Draws the board: the position previewed, the solution's step, the game played, or the
/// editor's slots.
pub fn draw_board(flow: &Flow<Pyramid>, area: Rect, buf: &mut Buffer, look: &Look) {
    let (text, theme) = (look.text, look.theme);
    let preview = flow
        .own
        .preview
        .as_ref()
        .filter(|_| matches!(flow.screen, Screen::Editor));
    let play = flow
        .play
        .as_ref()
        .filter(|_| matches!(flow.screen, Screen::Play));
    match (&flow.screen, preview, play) {
        (_, Some(position), _) => PlayBoard {
            position,
            hint: &[],
            cursor: None,
            selected: None,
            text,
            theme,
        }
        .render(area, buf),
        (Screen::Solution(solution), _, _) => PlayBoard {
            position: solution.position(),
            hint: &move_places(solution.next_move()),
            cursor: None,
            selected: None,
            text,
            theme,
        }
        .render(area, buf),
        (Screen::Play, _, Some(play)) => {
            let hint = move_places(play.best_move().filter(|_| play.hint_shown));
            PlayBoard {
                position: play.position(),
                hint: &hint,
                cursor: Some(play.cursor),
                selected: play.selected,
                text,
                theme,
            }
            .render(area, buf);
        }
        _ => {
            EditorBoard {
                midgame: &flow.editor.marks.midgame,
                typing: flow.typing(flow.editor.invalid_slots()),
                text,
                theme,
            }
            .render(area, buf);
        }
    }
}

/// The Check panel's lines: where the cursor is, a card half typed, the challenge, the
/// marks of a game in progress, then what is wrong or missing.
pub fn check_lines(flow: &Flow<Pyramid>, look: &Look) -> Vec<Line<'static>> {
    let (theme, text) = (look.theme, look.text);
    let editor = &flow.editor;
    let unseen = editor.unseen_count();
    let mut lines = unknown_and_cursor_lines(unseen, &slot_label(editor.cursor), theme);
    match editor.pending {
        Pending::Nothing => {}
        Pending::One => lines.push(Line::styled("Typed: 1_", Style::new().fg(theme.warning))),
        Pending::Rank(rank) => lines.push(Line::styled(
            format!("Typed: {}_ (now the suit)", rank.letter()),
            Style::new().fg(theme.warning),
        )),
    }
    lines.extend(goal_line(flow.goal, theme));
    let midgame = &editor.marks.midgame;
    if !midgame.is_start() {
        lines.push(Line::styled(
            format!("In progress: {midgame}"),
            Style::new().fg(theme.highlight_move),
        ));
    }
    lines.push(Line::raw(""));
    let position_problems = editor.position_problems();
    let position_fine = position_problems.is_empty();
    for problem in position_problems {
        lines.push(Line::styled(
            text.names(&problem),
            Style::new().fg(theme.invalid),
        ));
    }
    let duplicates = editor.duplicates();
    for (card, a, b) in &duplicates {
        lines.push(Line::from(vec![
            text.span(*card, theme),
            Span::styled(
                format!(" twice: {} and {}", slot_label(*a), slot_label(*b)),
                Style::new().fg(theme.invalid),
            ),
        ]));
    }
    let missing = editor.missing();
    if missing.is_empty() && duplicates.is_empty() && position_fine {
        lines.push(Line::styled(
            "A valid deal. Enter solves it, Ctrl-P plays it.",
            Style::new().fg(theme.success),
        ));
    } else if !missing.is_empty() {
        let of_them = match unseen {
            0 => String::new(),
            n => format!(", {n} of them not seen yet"),
        };
        lines.push(Line::raw(format!("Missing ({}{of_them}):", missing.len())));
        let mut spans = Vec::new();
        for card in missing {
            spans.push(text.span(card, theme));
            spans.push(Span::raw(" "));
        }
        lines.push(Line::from(spans));
    }
    lines
}

/// A slot for the side panel: "row 3" or "stock 5".
pub fn slot_label(slot: usize) -> String {
    if slot < PYRAMID_SIZE {
        solitaire::games::pyramid::layout::slot_name(slot).replace("pyramid ", "")
    } else {
        format!("stock {}", slot - PYRAMID_SIZE + 1)
    }
}

/// The search's figures beside the positions looked at: those waiting and the bound.
pub fn figures(stats: &Stats) -> Vec<Line<'static>> {
    vec![
        Line::raw(format!("waiting    {}", thousands(stats.frontier))),
        Line::raw(format!(
            "at least   {}",
            counted(stats.bound as usize, "step")
        )),
    ]
}

/// The places a move takes its cards from (the stock for a draw, the waste for a recycle).
fn move_places(mv: Option<Move>) -> Vec<Place> {
    match mv {
        Some(Move::King(a)) => vec![a],
        Some(Move::Pair(a, b)) => vec![a, b],
        Some(Move::Draw) => vec![Place::Stock],
        Some(Move::Recycle) => vec![Place::Waste],
        None => Vec::new(),
    }
}

/// The solution panel's first lines: the answer and where the stepper stands.
pub fn solution_header(solution: &Solution<Pyramid>, look: &Look) -> Vec<Line<'static>> {
    let (text, theme) = (look.text, look.theme);
    let found = &solution.found;
    let mut lines = Vec::new();
    if let Some(answer) = &found.answer {
        let goal = found.goal;
        let colour = if answer.reached() {
            theme.success
        } else {
            theme.warning
        };
        lines.push(Line::styled(
            challenge::headline(goal, answer),
            Style::new().fg(colour).add_modifier(Modifier::BOLD),
        ));
        let now = solitaire::games::pyramid::challenge::amount(
            goal,
            solitaire::games::pyramid::challenge::total(goal, solution.position()),
        );
        lines.push(Line::raw(format!(
            "step {} of {} · {now}",
            solution.step,
            solution.moves.len()
        )));
        let titles = answer.lines();
        if let Some((Some(title), _)) = titles.get(solution.chosen) {
            lines.push(Line::styled(
                format!("{title} (Tab: the other)"),
                Style::new().fg(theme.dim),
            ));
        }
    } else if found.solvable {
        lines.push(Line::styled(
            format!("Solved in {}", counted(solution.moves.len(), "step")),
            Style::new().fg(theme.success).add_modifier(Modifier::BOLD),
        ));
        lines.push(Line::raw(format!(
            "step {} of {}",
            solution.step,
            solution.moves.len()
        )));
    } else {
        let (headline, note) = if found.definitive() {
            ("No solution", None)
        } else {
            (
                "No solution with the cards known so far",
                Some("Not definitive: the cards not seen yet may change it."),
            )
        };
        lines.push(Line::styled(
            headline,
            Style::new().fg(theme.warning).add_modifier(Modifier::BOLD),
        ));
        lines.extend(note.map(|note| Line::styled(note, Style::new().fg(theme.warning))));
        let aim = solution.positions[0].rules().finish.aim();
        // The answer may come from play mode's check, with no search of its own to count.
        let reason = found
            .reason
            .clone()
            .unwrap_or_else(|| no_way(aim, found.stats.expanded));
        lines.push(Line::raw(text.names(&reason_as_found(&reason, found))));
    }
    lines
}

/// A step in a few words: "Draw 7c", "Recycle", "Kd row 1", "6h row 7 + 7c stock".
pub fn step_spans(step: &Step<Pyramid>, look: &Look) -> Vec<Span<'static>> {
    let before = step.before;
    let card = |place: Place| -> Vec<Span<'static>> {
        let where_ = match place {
            Place::Pyramid(i) => slot_label(i as usize),
            Place::Stock => "stock".to_string(),
            Place::Waste => "waste".to_string(),
        };
        vec![
            step.card(before.card_at(place), look),
            step.words(format!(" {where_}")),
        ]
    };
    match step.mv {
        Move::Draw => {
            let mut spans = vec![step.words("Draw ")];
            if let Some(top) = before.stock_top_first().next() {
                // The card drawn, `??` while not seen yet.
                let known = (!before.is_unknown(top)).then_some(top);
                spans.push(look.text.step_span(known, look.theme, false));
            }
            spans
        }
        Move::Recycle => vec![step.words("Recycle the waste")],
        Move::King(a) => card(a),
        Move::Pair(a, b) => {
            let mut spans = card(a);
            spans.push(step.words(" + "));
            spans.extend(card(b));
            spans
        }
    }
}

/// The reason there is no way, as far as it goes: with cards not seen yet it holds only for
/// the cards known so far, and says so rather than read as a proof.
fn reason_as_found(reason: &str, found: &Answered) -> String {
    if found.definitive() {
        return reason.to_string();
    }
    format!(
        "{}, with the cards known so far.",
        reason.trim_end_matches('.')
    )
}

/// The proof's words when the solver gives no simpler reason: the search that found no way.
pub fn no_way(aim: &str, expanded: u64) -> String {
    match expanded {
        0 => format!("There is no way to {aim}."),
        expanded => format!(
            "An exhaustive search of {} positions found no way to {aim}.",
            thousands(expanded as usize),
        ),
    }
}

/// Play mode's panel's first lines: whether the game can still be won, and how far.
pub fn play_header(flow: &Flow<Pyramid>, play: &Play, look: &Look) -> Vec<Line<'static>> {
    let (theme, text) = (look.theme, look.text);
    let bold = Modifier::BOLD;
    let goal = flow.goal;
    if let Some(card) = play.waiting_card() {
        return table::typing_lines(&card, play.table.turned_up.typing, look);
    }
    if play.at_table() {
        return vec![match play.table_verdict() {
            Some(verdict) if play.refining() => Line::styled(
                format!("{} {verdict}", spinner(look)),
                Style::new().fg(theme.success).add_modifier(bold),
            ),
            Some(verdict) => {
                Line::styled(verdict, Style::new().fg(theme.success).add_modifier(bold))
            }
            None => Line::styled(
                format!(
                    "{} Ranking the moves by their chance to {}",
                    spinner(look),
                    if goal == Goal::Board {
                        "win"
                    } else {
                        "reach the target"
                    }
                ),
                Style::new().fg(theme.dim),
            ),
        }];
    }
    match play.standing() {
        Standing::Checking => vec![Line::styled(
            format!("{} Checking whether it can still be won", spinner(look)),
            Style::new().fg(theme.dim),
        )],
        Standing::Undecided(cap) => vec![
            Line::styled(
                "Undecided",
                Style::new().fg(theme.warning).add_modifier(bold),
            ),
            Line::styled(
                format!("The search reached its cap: {cap}."),
                Style::new().fg(theme.dim),
            ),
        ],
        Standing::Winnable(0) if goal != Goal::Board => vec![Line::styled(
            format!("Reached: {goal}"),
            Style::new().fg(theme.success).add_modifier(bold),
        )],
        Standing::Winnable(steps) if goal != Goal::Board => vec![Line::styled(
            format!("In reach: {steps} more steps"),
            Style::new().fg(theme.success).add_modifier(bold),
        )],
        Standing::Winnable(0) => vec![Line::styled(
            "Cleared! The pyramid is gone.",
            Style::new().fg(theme.success).add_modifier(bold),
        )],
        Standing::Winnable(steps) => vec![Line::styled(
            format!("Winnable: {steps} more steps"),
            Style::new().fg(theme.success).add_modifier(bold),
        )],
        Standing::Lost { reason, back } => {
            let headline = if goal == Goal::Board {
                "No longer winnable"
            } else {
                "Target out of reach"
            };
            let mut lines = vec![Line::styled(
                headline,
                Style::new().fg(theme.warning).add_modifier(bold),
            )];
            if let Some(reason) = reason {
                lines.push(Line::raw(
                    text.names(&format!("{}.", reason.trim_end_matches('.'))),
                ));
            }
            lines.push(Line::raw(format!("{}.", capitalised(&back_text(back)))));
            lines
        }
    }
}
