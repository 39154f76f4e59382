//! Drawing Perfect Pair's parts of the screens: the board as the editor, the stepper or play
//! mode shows it, and the lines of the side panels that are Perfect Pair's own (the layout,
//! the rules and the goal; whether the hand can be cleared and its best hand, in the
//! commands' words; the score, the hearts meter and the perfect matches of the hand played).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use solitaire::games::perfect_pair::answer::{Solved, clearing_text, figure, figures_text, replay};
use solitaire::games::perfect_pair::rules::METER;
use solitaire::games::perfect_pair::{Move, Position};

use crate::app::flow::{Board, Flow, Solution, Step};
use crate::app::games::perfect_pair::board::{EditorBoard, move_spots};
use crate::app::games::perfect_pair::editor::default_shape;
use crate::app::games::perfect_pair::play::{Known, Play};
use crate::app::games::perfect_pair::{Answer, PerfectPair};
use crate::app::widgets::{Look, counted, spinner};

/// Draws the board: the solution's step, the hand played, or the editor's places.
pub fn draw_board(flow: &Flow<PerfectPair>, area: Rect, buf: &mut Buffer, look: &Look) {
    let (text, theme) = (look.text, look.theme);
    match flow.board(move_spots, look) {
        Board::Position(board) => board.render(area, buf),
        Board::Deal => EditorBoard {
            marks: &flow.editor.marks,
            typing: flow.typing(flow.editor.invalid_slots()),
            text,
            theme,
        }
        .render(area, buf),
    }
}

/// The Check panel's lines: the layout, the rules and the goal, where the cursor is, then
/// what keeps the cards from being a hand.
pub fn check_lines(flow: &Flow<PerfectPair>, look: &Look) -> Vec<Line<'static>> {
    let (theme, text) = (look.theme, look.text);
    let editor = &flow.editor;
    let marks = &editor.marks;
    let dim = Style::new().fg(theme.dim);
    let title = Style::new().fg(theme.title);
    let layout = if marks.shape == default_shape() {
        "4 rows of 7 | 6: the default layout (a reconstruction)".to_string()
    } else {
        format!(
            "{}, {}",
            counted(marks.shape.len(), "row"),
            counted(editor.size(), "place")
        )
    };
    let mut lines = vec![
        Line::styled(format!("Layout: {layout}"), dim),
        Line::styled(format!("Rules: {} (f, u U)", marks.rules), title),
        Line::styled(format!("Goal: {} (g)", marks.aim), title),
    ];
    // The reconstructed rules that differ from their defaults are in the rules' line.
    lines.push(Line::styled("Reconstructed rules: o b w m", dim));
    lines.push(Line::styled(
        format!("Cursor: {}", editor.cursor_place()),
        dim,
    ));
    lines.push(Line::raw(""));
    let problems = editor.problems();
    if problems.is_empty()
        && let Ok(layout) = editor.layout()
    {
        lines.push(Line::styled(
            format!(
                "A valid hand, {} possible. Enter solves it, Ctrl-P plays it.",
                counted_perfect(layout.possible_perfect_matches())
            ),
            Style::new().fg(theme.success),
        ));
    }
    for problem in problems {
        lines.push(Line::styled(
            text.names(&problem),
            Style::new().fg(theme.invalid),
        ));
    }
    if !marks.pasted.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("The text pasted:", dim));
        for problem in &marks.pasted {
            lines.push(Line::styled(
                text.names(problem),
                Style::new().fg(theme.invalid),
            ));
        }
    }
    lines
}

/// "1 perfect match", "9 perfect matches".
fn counted_perfect(count: usize) -> String {
    if count == 1 {
        "1 perfect match".to_string()
    } else {
        format!("{count} perfect matches")
    }
}

/// An answer's lines in the commands' words: whether the hand can be cleared (or the proof
/// that it cannot), and the best hand for the goal with what it was proved against.
pub fn answer_lines(start: &Position, answer: &Answer) -> Vec<String> {
    let Answer { aim, solved } = answer;
    let mut lines = Vec::new();
    if let Some(clearing) = &solved.clearing {
        lines.push(clearing_text(start, clearing).trim_end().to_string());
    }
    if let Some(hand) = &solved.hand {
        let end = replay(start, &hand.moves);
        lines.push(format!("Best hand for {aim}: {}.", figures_text(&end)));
        if let Some(bound) = hand.bound {
            lines.push(format!(
                "Proved best: the search started from a bound of {}.",
                figure(*aim, bound as usize)
            ));
        }
    }
    lines
}

/// The answer's headline and where the stepper stands, with the hand's figures there.
pub fn solution_header(solution: &Solution<PerfectPair>, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let start = &solution.positions[0];
    let clearable = matches!(
        solution.found.solved.clearing,
        Some(solitaire::games::perfect_pair::solver::Clearing::Cleared(_))
    );
    let colour = if clearable {
        theme.success
    } else {
        theme.warning
    };
    let mut lines: Vec<Line<'static>> = answer_lines(start, &solution.found)
        .into_iter()
        .enumerate()
        .map(|(index, line)| {
            let style = if index == 0 {
                Style::new().fg(colour).add_modifier(Modifier::BOLD)
            } else {
                Style::new()
            };
            Line::styled(look.text.names(&line), style)
        })
        .collect();
    lines.push(Line::raw(format!(
        "step {} of {} · {}",
        solution.step,
        solution.moves.len(),
        standing(solution.position())
    )));
    lines
}

/// The hand's figures where it stands: "34 points · ♥ 3/10 · 2 perfect".
pub fn standing(position: &Position) -> String {
    format!(
        "{} · hearts {}/{METER} · {} perfect",
        counted(position.score() as usize, "point"),
        position.meter(),
        position.perfect()
    )
}

/// A step in a few words, its cards coloured: a pair with what it earns, a King, a card to
/// a free cell.
pub fn step_spans(step: &Step<PerfectPair>, look: &Look) -> Vec<Span<'static>> {
    let card = |card| step.card(Some(card), look);
    match step.mv {
        Move::Pair(a, b) => {
            let gain = step.before.gain(step.mv);
            let what = if gain.perfect { " perfect" } else { "" };
            let heart = if gain.heart { " ♥" } else { "" };
            let heart = if look.text.ascii && gain.heart {
                " +heart"
            } else {
                heart
            };
            vec![
                card(a),
                step.words("+"),
                card(b),
                step.words(format!("{what} +{}{heart}", gain.points)),
            ]
        }
        Move::King(king) => vec![card(king), step.words(" removed")],
        Move::ToCell(moved) => vec![card(moved), step.words(" to a free cell")],
    }
}

/// Play mode's panel's first lines: the score, the hearts meter, the perfect matches and the
/// uses left, then what the best hand from here gives.
pub fn play_header(play: &Play, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let position = play.position();
    let mut lines = vec![
        Line::styled(
            standing(position),
            Style::new().fg(theme.title).add_modifier(Modifier::BOLD),
        ),
        Line::raw(format!(
            "run {} · {} left · {} left",
            position.run(),
            counted(usize::from(position.uses_left()), "use"),
            counted(position.cards_left(), "card")
        )),
    ];
    let (style, verdict) = match play.known() {
        None => (
            Style::new().fg(theme.dim),
            format!("{} Thinking…", spinner(look)),
        ),
        Some(Known::Capped(cap)) => (
            Style::new().fg(theme.warning),
            format!("Undecided: the search reached its cap ({cap})."),
        ),
        Some(Known::Solved(solved)) => (
            Style::new().fg(theme.success),
            best_from_here(position, solved),
        ),
    };
    lines.push(Line::styled(look.text.names(&verdict), style));
    lines
}

/// What the best hand from a position gives, and whether it can still be cleared.
pub fn best_from_here(position: &Position, solved: &Solved) -> String {
    let clear = match &solved.clearing {
        Some(solitaire::games::perfect_pair::solver::Clearing::Cleared(_)) => "can be cleared",
        _ => "cannot be cleared",
    };
    if position.is_won() {
        return format!("The hand is over: {}.", figures_text(position));
    }
    let Some(hand) = &solved.hand else {
        return format!("The hand {clear} from here.");
    };
    let end = replay(position, &hand.moves);
    format!(
        "Best from here: {}, in {}; the hand {clear}.",
        figures_text(&end),
        counted(hand.moves.len(), "move")
    )
}
