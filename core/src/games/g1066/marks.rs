//! What an event leaves on the board for a moment: the dice it rolled, and the arrow of
//! a force's step or retreat.

use super::actions::Event;
use super::battle::types::BattleEvent;
use super::keys::place_key;
use super::turn::campaign::CampaignEvent;
use super::turn::combat::CombatEvent;
use super::turn::movement::MovementEvent;
use super::turn::phase_markers::MarkerEvent;
use super::turn::pillage::PillageEvent;
use super::turn::recruit::RecruitEvent;
use super::turn::vassalage::VassalageEvent;
use crate::engine::{Arrow, Marks};

pub fn marks(event: &Event) -> Marks {
    let mut dice: Vec<u8> = Vec::new();
    let mut arrow = None;
    let step = |from, to, units: &[u16]| Arrow::Move {
        pieces: units.iter().map(|u| format!("u{u}")).collect(),
        path: vec![place_key(from), place_key(to)],
    };
    match event {
        Event::TieRoll { rolls } => dice.extend(rolls.iter().map(|(_, r)| *r)),
        Event::NeutralJoins { roll, .. } => dice.extend(*roll),
        Event::Campaign(e) => match e {
            CampaignEvent::Storm { roll, .. }
            | CampaignEvent::AttritionRoll { roll, .. }
            | CampaignEvent::RebellionLoss { roll, .. }
            | CampaignEvent::Mutiny { roll, .. } => dice.push(*roll),
            CampaignEvent::RebellionStrikes { tie_rolls, .. } => {
                dice.extend(tie_rolls.iter().map(|(_, r)| *r))
            }
            _ => {}
        },
        Event::Marker(
            MarkerEvent::ExtraPicks { roll, .. } | MarkerEvent::Assassination { roll, .. },
        ) => dice.push(*roll),
        Event::Recruit(RecruitEvent::CalledToArms {
            roll,
            occupied_roll,
            ..
        }) => {
            dice.push(*roll);
            dice.extend(*occupied_roll);
        }
        Event::Recruit(RecruitEvent::Rallied { king_roll, .. }) => dice.extend(*king_roll),
        Event::Vassalage(VassalageEvent::Resolved {
            attack_dice,
            defence_dice,
            ..
        }) => {
            dice.extend(attack_dice);
            dice.extend(defence_dice);
        }
        Event::Movement(MovementEvent::Stepped {
            from, to, units, ..
        }) => arrow = Some(step(*from, *to, units)),
        Event::Combat(CombatEvent::Retreated {
            from, to, units, ..
        }) => arrow = Some(step(*from, *to, units)),
        Event::Combat(CombatEvent::Board(b)) => match b {
            BattleEvent::HighSeasRolled { die, .. } | BattleEvent::LengthRolled { die, .. } => {
                dice.push(*die)
            }
            BattleEvent::AttackDie { face, .. }
            | BattleEvent::ConfirmDie { face, .. }
            | BattleEvent::SaveDie { face, .. } => dice.push(*face),
            _ => {}
        },
        Event::Pillage(PillageEvent::Attempt { roll, .. }) => dice.push(*roll),
        _ => {}
    }
    Marks {
        dice: dice.iter().map(u8::to_string).collect(),
        arrow,
    }
}
