import { PASSWORD_MIN } from "../contract/registration";

/**
 * A bundled list of common and breached passwords (ACC-020), compared case-insensitively.
 * Literal entries: the best-known top passwords of published breach lists, keyboard walks and number runs.
 * Generated entries: those bases with the suffixes, years, repetitions and prefixes people add to reach a
 * length rule ("password1234", "qwertyuiop12", "sunshine2024"); only those of PASSWORD_MIN characters or more
 * are generated, since shorter ones are refused for their length anyway.
 */

const TOP = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football monkey
letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman 1qaz2wsx 7777777
121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer harley batman andrew
tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel starwars klaster 112233 george computer
michelle jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess
joshua cheese amanda summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder
taylor matrix william corvette hello martin heather secret merlin diamond 1234qwer gfhjkm hammer silver 222222
88888888 anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha
bigdog guitar jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan welcome falcon
cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer booboo spider
nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq purple hardcore banana
junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701 coffee scooby 0000
miller boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver redsox player nikita knight
fender barney midnight please brandy chicago badboy slayer rangers charles angel flower rabbit wizard jasper enter
rachel chris steven winner adidas victoria natasha 1q2w3e4r jasmine winter prince marine fishing cocacola casper
james 232323 raiders 888888 marlboro gandalf asdfasdf crystal 87654321 12344321 golden 8675309 password1 password12
password123 password1234 qwerty123 qwerty1 1q2w3e aa12345678 abc123456 iloveyou1 123abc admin admin123 welcome1
passw0rd p@ssw0rd p@ssword pa55word letmein1 football1 monkey1 sunshine1 princess1 dragon1 master1 liverpool
chocolate computer1 superman1 starwars1 pokemon minecraft fortnite blink182 myspace1 123456a a123456 qwe123
1qazxsw2 zaq1zaq1 asd123 qweasd qweasdzxc 1q2w3e4r5t 11223344 147258369 159357 123654789 789456123 741852963
963852741 987456321 1password changeme default guest root toor administrator login user temp test123 hello123
love123 iloveu lovely babygirl angel1 jesus jesus1 god blessed faith hope family mommy daddy baby friends butterfly
sweety flower1 football12 soccer1 basketball baseball1 michael1 jordan23 lebron23 kobe24 mylove loveme lovelove
beautiful fuckyou asshole bitch 123456789a abcd1234 1234abcd abcdef abcdefg abcdefgh abcdefghij zaq12wsx
qazwsxedc 1qaz2wsx3edc zxcvbnm123 asdfghjkl asdfghjkl1 qwertyuiop1 qwertyu qwertyui 12qwaszx 1qaz1qaz 2wsx3edc
unknown superstar rockstar shadow1 master123 dragon123 monkey123 sunshine123 iloveyou123 princess123 welcome123
admin1234 administrator1 root123 test1234 guest123 user123 qwerty12345 qwerty1234 password12345 password123456
passwordpassword letmein123 trustno11 starwars123 pokemon123 minecraft123 whatever1 nothing anything everything
secret123 mypassword mypass yourpassword thepassword newpassword oldpassword password! password1! passw0rd1
p@ssw0rd1 p@ssw0rd123 kidney transplant donor dialysis registry livingdonor kidneyregistry kidneytransplant
`;

/** Words people build passwords from (names, teams, pets, seasons, places, feelings). */
const WORDS = `
password passwort passw0rd p@ssw0rd qwerty qwertyuiop asdfgh asdfghjkl zxcvbnm iloveyou letmein welcome
monkey dragon master shadow sunshine princess football baseball basketball soccer hockey tennis golf superman
batman spiderman starwars pokemon minecraft computer internet chocolate cookie coffee banana orange cheese pizza
summer winter spring autumn sunday monday friday christmas happy lucky freedom liberty america florida texas
california newyork chicago boston dallas london paris charlie michael jennifer jessica ashley amanda daniel joshua
matthew andrew william thomas robert richard joseph james david christopher anthony jordan taylor hannah samantha
nicole michelle melissa heather elizabeth maria jesus christ angel angels heaven blessed family mother father
mommy daddy baby babygirl babyboy sweetheart honey sugar lovely beautiful flower butterfly rainbow unicorn
tigger pepper ginger buster bailey maggie max molly buddy charlie rocky lucky duke bella lucy daisy sadie
mustang corvette ferrari porsche harley yamaha honda toyota mercedes bmw jaguar thunder lightning phoenix falcon
eagle eagles tiger tigers lion lions bear bears wolf wolves dolphin dolphins cowboys steelers yankees redsox
lakers raiders packers patriots giants arsenal chelsea liverpool barcelona madrid juventus killer hunter ranger
soldier warrior ninja samurai wizard merlin gandalf hello whatever secret access admin administrator login user
guest test default changeme trustno matrix hacker silver golden diamond crystal purple yellow orange black white
kidney transplant donor dialysis registry hospital doctor nurse health patient portal medical
`;

const WALKS = `
qwertyuiop qwertyuiopasdfghjkl qwertyuiop[] qwertyuiopasdf qwertyuiopzxcv asdfghjkl asdfghjkl; asdfghjkl;'
zxcvbnm zxcvbnm,./ 1qaz2wsx3edc 1qaz2wsx3edc4rfv 1qaz2wsx3edc4rfv5tgb qazwsxedcrfv qazwsxedcrfvtgb
qazwsxedcrfvtgbyhn zaq12wsxcde3 zaq12wsxcde34rfv zaq1xsw2cde3 zaq1xsw2cde3vfr4 1q2w3e4r5t6y 1q2w3e4r5t6y7u
1q2w3e4r5t6y7u8i 1q2w3e4r5t6y7u8i9o0p q1w2e3r4t5y6 q1w2e3r4t5y6u7 q1w2e3r4t5y6u7i8 1234qwerasdf
1234qwerasdfzxcv qwerasdfzxcv qwer1234asdf qwerasdf1234 asdf1234qwer !qaz@wsx#edc !qaz2wsx#edc 1qaz@wsx3edc
!@#$%^&*()_+ 1234567890-= \`1234567890-= !@#$%^&*()qwerty 1234567890qwertyuiop poiuytrewqasdf poiuytrewq
lkjhgfdsa mnbvcxz 0987654321 0987654321poiuytrewq qwertyqwerty asdfasdfasdf zxcvzxcvzxcv qweqweqweqwe
asdasdasdasd 123qweasdzxc qweasdzxc123 zxcasdqwe123 1qa2ws3ed4rf 1qa2ws3ed4rf5tg qawsedrftgyh qawsedrftgyhujik
azertyuiop azertyuiopqsdf qwertzuiop qwertzuiopasdf ytrewqytrewq 147852369147 123698745123 741852963741
159753456852 951753852456 147896325147 789456123789 qwertyuiop123 qwertyuiop12 qwertyuiop1234 asdfghjkl123
asdfghjkl1234 zxcvbnm12345 zxcvbnm123456 1qaz2wsx1qaz2wsx qazwsx123456 qazwsxedc123 1qazxsw23edc
`;

const NUMBER_SUFFIXES = [
  "1",
  "12",
  "123",
  "1234",
  "12345",
  "123456",
  "1234567",
  "12345678",
  "123456789",
  "1234567890",
  "0",
  "00",
  "000",
  "0000",
  "01",
  "007",
  "11",
  "111",
  "1111",
  "11111",
  "69",
  "99",
  "2",
  "22",
  "7",
  "77",
  "777",
  "321",
  "4321",
  "54321",
  "654321",
  "101",
  "2468",
  "13579",
  "!",
  "!!",
  "1!",
  "12!",
  "123!",
  "1234!",
  "@123",
  "#1",
  "123$",
  "123.",
];
const PREFIXES = ["my", "ilove", "iloveyou", "the", "123", "1234", "12345", "1"];
const YEARS = Array.from({ length: 2030 - 1950 + 1 }, (_, i) => String(1950 + i));
/** Short units people repeat until the password is long enough. */
const REPEAT_UNITS = [
  "12",
  "123",
  "1234",
  "12345",
  "123456",
  "01",
  "007",
  "69",
  "abc",
  "ab",
  "qwe",
  "asd",
  "zxc",
  "xyz",
  "a1",
  "1a",
  "abc123",
  "qwerty",
  "pass",
  "love",
  "lol",
  "haha",
  "hehe",
  "blah",
  "yes",
  "no",
  "ok",
  "123abc",
  "1q2w",
  "q1w2",
];
const REPEATED_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789!@#$%*.-_ ";

const words = (block: string) =>
  block
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

function buildList(): Set<string> {
  const list = new Set<string>([...words(TOP), ...words(WALKS)]);
  const add = (candidate: string) => {
    if (candidate.length >= PASSWORD_MIN) list.add(candidate);
  };
  const bases = [...new Set([...words(TOP), ...words(WORDS), ...words(WALKS)])];
  for (const base of bases) {
    add(base);
    add(base + base);
    for (const s of NUMBER_SUFFIXES) add(base + s);
    for (const p of PREFIXES) add(p + base);
  }
  for (const base of words(WORDS)) {
    for (const y of YEARS) {
      add(base + y);
      add(base + y + "!");
      add(y + base);
    }
    for (const p of ["my", "ilove", "iloveyou"]) for (const s of ["1", "123", "1234", "!"]) add(p + base + s);
  }
  for (const unit of REPEAT_UNITS) for (let n = 2; unit.length * n <= 24; n++) add(unit.repeat(n));
  for (const ch of REPEATED_CHARS) for (let n = PASSWORD_MIN; n <= 24; n++) add(ch.repeat(n));
  // Ascending and descending digit runs of every length from the minimum to 20, from any starting digit.
  const up = "01234567890123456789012345678901234567890";
  const down = "98765432109876543210987654321098765432109";
  for (let start = 0; start < 10; start++) {
    for (let n = PASSWORD_MIN; n <= 20; n++) {
      add(up.slice(start, start + n));
      add(down.slice(start, start + n));
    }
  }
  for (const y of YEARS) add(y + y + y);
  return list;
}

let cached: Set<string> | undefined;
/** The list, built once on first use (a few tens of thousands of entries). */
export function commonPasswordList(): ReadonlySet<string> {
  cached ??= buildList();
  return cached;
}

const LEET: Record<string, string> = { "@": "a", "4": "a", $: "s", "5": "s", "0": "o", "3": "e", "1": "i", "!": "i", "7": "t" };

/** Case-insensitive; also catches letter-for-symbol swaps in the word part ("P@ssw0rd1234"). */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswordList();
  const lower = password.normalize("NFKC").toLowerCase();
  if (list.has(lower)) return true;
  const m = /^(.*?)([0-9]*[!@#$%^&*.?]*)$/.exec(lower);
  const [, head = "", tail = ""] = m ?? [];
  if (!/[a-z]/.test(head)) return false;
  const plain = head.replace(/[@4$50317!]/g, (c) => LEET[c] ?? c);
  return plain !== head && list.has(plain + tail);
}
