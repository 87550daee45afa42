use std::io::Write;
const Q: &str = "Run rm -rf build?";
const OPTS: [&str; 3] = ["Yes, run it", "Yes, and don't ask again", "No, tell the agent what to do instead"];

fn main() {
    let mode = std::env::args().nth(1).expect("mode");
    print!("I will remove the build directory.\n\n$ rm -rf build\n");
    std::io::stdout().flush().unwrap();
    match mode.as_str() {
        "dialoguer-confirm" => { let _ = dialoguer::Confirm::new().with_prompt(Q).interact(); }
        "dialoguer-select" => { let _ = dialoguer::Select::new().with_prompt(Q).items(&OPTS).default(0).interact(); }
        "inquire-confirm" => { let _ = inquire::Confirm::new(Q).prompt(); }
        "inquire-select" => { let _ = inquire::Select::new(Q, OPTS.to_vec()).prompt(); }
        "cliclack-confirm" => { let _ = cliclack::intro("agent"); let _ = cliclack::confirm(Q).interact(); }
        "cliclack-select" => {
            let _ = cliclack::intro("agent");
            let _ = cliclack::select(Q).item(OPTS[0], OPTS[0], "").item(OPTS[1], OPTS[1], "").item(OPTS[2], OPTS[2], "").interact();
        }
        "requestty-confirm" => { let _ = requestty::prompt_one(requestty::Question::confirm("ok").message(Q).build()); }
        "requestty-select" => { let _ = requestty::prompt_one(requestty::Question::select("choice").message(Q).choices(OPTS).build()); }
        m => { eprintln!("unknown mode {m}"); std::process::exit(2); }
    }
}
