//! The venue's paper for a big event: 500 boards of result slips (125 A4 pages) and of table
//! cards (250 pages) laid out and written as one PDF each, as the round's PDF pages make them
//! (`web::paper`), with Chinese and Latin names of every length.
//!
//! Run: `cargo bench --bench paper` (needs the CJK font: Debian's fonts-noto-cjk).
use criterion::{Criterion, criterion_group, criterion_main};

use yunzi::web::paper::{self, Board, Seat, Words};

const BOARDS: i32 = 500;

fn words() -> Words {
    Words {
        title: "第十届云子杯围棋公开赛".into(),
        round: "第5轮".into(),
        komi: "贴目 3¾子 (7.5目)".into(),
        time_control: "基本用时60分钟，读秒3次30秒".into(),
        board: "第 {n} 台".into(),
        black: "黑方".into(),
        white: "白方".into(),
        outcomes: ["黑胜", "白胜", "和棋", "其他："].map(String::from).to_vec(),
        signatures: ["黑方签名", "白方签名", "裁判"].map(String::from).to_vec(),
        scan: "扫码报告成绩".into(),
    }
}

fn boards() -> Vec<Board> {
    let surnames = ["张", "王", "李", "欧阳", "Kovacs", "de Vries", "Nakamura", "Kim"];
    let given = ["伟", "小明", "志远", "Anna", "Jan Willem", "Yuki", "Seoyeon", "一凡"];
    (1..=BOARDS)
        .map(|n| {
            let i = n as usize;
            let seat = |k: usize| Seat {
                name: format!("{}{}", surnames[k % 8], given[(k / 8) % 8]),
                rank: format!("{}段", 1 + k % 7),
                club: if k.is_multiple_of(3) { "北京棋院".into() } else { "Go Club Amsterdam".into() },
            };
            // Players report their results: every board carries its report page's QR code.
            let report_link = Some(format!("https://go.example.org/events/7/rounds/5/boards/{n}/report"));
            Board { number: n, black: seat(2 * i), white: seat(2 * i + 1), handicap: String::new(), report_link }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let Some(typesetter) = paper::typesetter() else {
        eprintln!("no CJK font: apt-get install fonts-noto-cjk");
        return;
    };
    let (words, boards) = (words(), boards());
    let mut group = c.benchmark_group("paper");
    group.sample_size(10);
    group.bench_function("result slips, 500 boards", |b| {
        b.iter(|| typesetter.render(&paper::result_slips(&words, &boards)).map(|pdf| pdf.len()))
    });
    group.bench_function("table cards, 500 boards", |b| {
        b.iter(|| typesetter.render(&paper::table_cards(&words, &boards)).map(|pdf| pdf.len()))
    });
    group.finish();
    if let Ok(pdf) = typesetter.render(&paper::result_slips(&words, &boards)) {
        println!("result slips, 500 boards: {} pages, {} bytes", boards.len().div_ceil(4), pdf.len());
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
