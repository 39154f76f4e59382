//! The pieces of JSON every command's answer is built from: a step, and a search's figures.
//! The Board answer (`output`) and the challenges' (`challenge`) share them.

use serde_json::{Value, json};

use solitaire::games::pyramid::solver::Stats;
use solitaire::games::pyramid::{Move, Position};

/// A step in JSON: `"draw"`, `"recycle"`, `["Kd"]` or `["6h", "7c"]`.
pub fn step_json(position: &Position, mv: Move) -> Value {
    match mv {
        Move::Draw => json!("draw"),
        Move::Recycle => json!("recycle"),
        Move::King(_) | Move::Pair(..) => json!(position.cards_of(mv)),
    }
}

/// A search's figures in JSON.
pub fn stats_json(stats: &Stats) -> Value {
    json!({
        "expanded": stats.expanded,
        "generated": stats.generated,
        "millis": (stats.elapsed.as_secs_f64() * 1e6).round() / 1000.0,
    })
}
