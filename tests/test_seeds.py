"""The seed rule systems, rule by rule, each expectation worked out from the seed text
(the passage is quoted in each docstring, in the seed's own language)."""

from __future__ import annotations

from tests.conftest import codes, diagnostics, one

# ---------------------------------------------------------------------------
# russian-standard (seed 000, "Standardni Ruski Preferans")


def standard(body: str, dealer: str = "A", deal: str = "A:- B:? C:? D:? talon:?",
             extra: str = "") -> str:
    return (f'[Variant "russian-standard"]\n[Players "A; B; C; D"]\n{extra}'
            f'[Dealer "{dealer}"]\n[Deal "{deal}"]\n{body}\n')


def test_standard_talon_bonuses() -> None:
    """"Ako se u Kupovini nađe jedan Kec — Delitelj će Supiti budućeg Solo-igrača, kao da
    mu je na pratnji odneo 1 štih; Kralj i Dama iste boje — 1 štih; Kec i Kralj u istoj
    boji — 2 štiha; Dva Keca — 3 štiha." (A deals; B plays 6D, price 2.)"""
    for talon, bonus in (("HA D7", 1), ("SK SQ", 1), ("CA CK", 2), ("SA DA", 3),
                         ("D8 H9", 0)):
        score = "B:pool+2 D:whist/B+8" + (f" A:whist/B+{2 * bonus}" if bonus else "")
        text = standard('[Declarer "B"]\n[Contract "6D"]\n[Result "B:6 C:2 D:2"]\n'
                        f'[Talon "{talon}"]\n[Defence "C"]\npass together\n'
                        f'[Score "{score}"]')
        assert codes(text) == [], (talon, codes(text))


def test_standard_no_talon_bonus_in_misere() -> None:
    """"Kod Betla se sadržaj Kupovine ne boduje." """
    text = standard('[Declarer "B"]\n[Contract "mis"]\n[Result "B:0"]\n[Talon "SA DA"]\n'
                    '[Score "B:pool+10"]')
    assert codes(text) == []


def test_standard_public_discard_of_the_talon() -> None:
    """"Ako Solo-igrač odmah javno odbaci otkrivenu Kupovinu, on Supi Delitelja za vrednost
    svoje Ponude." (7C, value 4: B writes 4 against the dealer A, who gets no bonus.)"""
    text = standard('[Declarer "B"]\n[Contract "7C"]\n[Result "B:7 C:1 D:2"]\n'
                    '[Talon "SA DA"]\n[Discard "talon"]\n[Defence "C"]\nwhist whist\n'
                    '[Score "B:pool+4 B:whist/A+4 C:whist/B+4 D:whist/B+8"]')
    assert codes(text) == []
    assert one(text).discard_public


def test_standard_own_whists_without_play() -> None:
    """"Ako kaže Za Svoje, njemu se prosto upisuje Supa prema Solo-igraču u iznosu od 2
    štiha (ako je igra na 6-om nivou), ili jednog (ako je igra na 7-om nivou). Na nivou 8
    i više, on ne može reći Za Svoje." """
    six = standard('[Declarer "B"]\n[Contract "6H"]\n[Defence "C"]\npass own\n'
                   '[Score "B:pool+2 D:whist/B+4"]', deal="A:- B:? C:? D:? talon:..87.")
    assert codes(six) == []
    seven = six.replace('"6H"', '"7H"').replace("B:pool+2 D:whist/B+4", "B:pool+4 D:whist/B+4")
    assert codes(seven) == []
    eight = six.replace('"6H"', '"8H"').replace("B:pool+2 D:whist/B+4", "B:pool+6")
    assert "PFN-E406" in codes(eight)


def test_standard_pass_at_eight_and_nine() -> None:
    """"Već na 8-om i 9-om nivou, drugi igrač može reći i Dalje" — and the game is not
    played: "U Standardnom Ruskom Preferansu, nikada ne igraju samo 2 igrača." """
    text = standard('[Declarer "B"]\n[Contract "9D"]\n[Defence "C"]\npass pass\n'
                    '[Score "B:pool+8"]', deal="A:- B:? C:? D:? talon:..87.")
    assert codes(text) == []
    assert "PFN-E406" in codes(text.replace('"9D"', '"7D"').replace("pool+8", "pool+4"))


def test_standard_only_the_second_defender_falls_at_eight() -> None:
    """"U Ponudama 8 ili 9, pratioci zajedno moraju osvojiti bar 1 štih. Ako ostanu bez
    ijednog, pada samo igrač koji se kao drugi izjasnio da prati." """
    text = standard('[Declarer "B"]\n[Contract "8S"]\n[Result "B:10 C:0 D:0"]\n'
                    '[Defence "C"]\nwhist whist\n[Score "B:pool+6 D:mountain+6"]',
                    deal="A:- B:? C:? D:? talon:..87.")
    assert codes(text) == []


def test_standard_return_whist_by_the_dealer() -> None:
    """"Ako pravo Povratnog Vista ne iskoristi prvi pratilac, ono prelazi delitelju ... on
    može pozvati drugog igrača da prate zajedno, a svu odgovornost preuzima na sebe."
    (C deals; B plays 6S, one down with 5: the returning dealer writes every whist:
    5 tricks × 2 + the three consolations of 2.)"""
    text = standard('[Declarer "B"]\n[Contract "6S"]\n[Result "B:5"]\n[Defence "D"]\n'
                    'pass own C:return\n[Score "B:mountain+2 C:whist/B+16"]', dealer="C",
                    deal="A:? B:? C:- D:? talon:..87.")
    assert codes(text) == []


def test_standard_no_jumps_and_holding_after_a_pass() -> None:
    """"Igrači uvek iznose višu Ponudu od predhodne, a povišenja ... obavezno idu po
    redosledu" and "Kada prvi igrač dođe ponovo na red ... može zadržati predhodnu ponudu
    govoreći Moje (Ovde), jedino ako je do tada neko već odustao." """
    ok = standard('[Auction "B"]\n6S 6C pass hold pass\n[Declarer "B"]\n[Contract "6C"]')
    assert [c for c in codes(ok) if c[4] == "E"] == []
    assert "PFN-E303" in codes(ok.replace("6S 6C", "6S 6D").replace('"6C"', '"6D"'))
    no_pass_yet = standard('[Auction "B"]\n6S 6C hold\n')
    assert "PFN-E305" in codes(no_pass_yet)


def test_standard_misere_ladder() -> None:
    """"Mizer se može nadjačati, tek sa Igrom na nivou 9-Bez Kupovine, ili na nivou 10 sa
    Kupovinom ... Veliki Mizer ... se može nadjačati samo igrom na nivou 10 i to bez
    Kupovine." """
    good = standard('[Auction "B"]\nmis 9S-hand pass mis-hand pass\n[Declarer "B"]\n'
                    '[Contract "mis-hand"]')
    assert [c for c in codes(good) if c[4] == "E"] == []
    assert "PFN-E302" in codes(standard('[Auction "B"]\nmis 9NT\n'))  # 9NT (with) < mis


def test_standard_raspasovka_dealer_plays_the_talon() -> None:
    """"Prva dva Hoda vrši delitelj. On uzima 2 karte Kupovine ... Ako delitelj odnese
    štih, njemu se takođe piše kazna u Goru." (A deals and his D8 wins trick one.)"""
    deal = "A:- B:AKQJ7.AK.7.A7 C:T9.QJT.AKQ.KQ D:8.987.JT9.JT9 talon:..8.8"
    text = standard('[Declarer ""]\n[Contract "pass"]\n[Result "A:1 B:6 C:3 D:0"]\n'
                    '[Auction "B"]\npass pass pass\n[Talon "D8 H8"]\n[Play "B"]\n'
                    'D8 D7 DQ -\nH8 HA HK HJ\n*\n'
                    '[Score "A:mountain+1 B:mountain+6 C:mountain+3 D:pool+2"]', deal=deal)
    found = [d for d in diagnostics(text) if d.code[4] == "E"]
    assert found == []


def test_standard_check_ten() -> None:
    """"IGRA NA NIVOU 10: Ova Ponuda se praktično i ne igra, već se samo proverava. Ako
    pratioci nađu načina da obore Solo-igrača, on pada, a pratiocima se ne piše ništa." """
    text = standard('[Declarer "B"]\n[Contract "10H"]\n[Result "B:9"]\n[Defence "C"]\n'
                    'check\n[Score "B:mountain+10"]', deal="A:- B:? C:? D:? talon:..87.")
    assert codes(text) == []


def test_standard_closing_the_meta_and_american_aid() -> None:
    """"Igrač koji zatvori Metu pre drugih, u daljem toku igre, svoje dobre bodove otpisuje
    sa svoje Gore ... polovinu dobrih bodova ... oduzimati od svoje Gore. Sa drugom
    polovinom, on pomaže protivniku sa najvećom Metom ... Supi, sa 20 bodova" (a pool of 2;
    C closes at board 2 and his 4 points at board 4 go 2 to his mountain, 2 to A's Meta
    with 20 whists; A and D are equal, the first in order is helped)."""
    boards = [
        ("A", "C", "7S", "B:6", "pass together",
         "A:whist/C+4 B:whist/C+20 C:mountain+4 D:whist/C+4", "C:6"),
        ("B", "C", "6S", None, "pass own", "A:whist/C+4 C:pool+2", None),
        ("C", "B", "6S", None, "pass own", "A:whist/B+4 B:pool+2", None),
        ("D", "C", "7S", None, "pass own", "A:pool+2 B:whist/C+4 C:mountain-2 C:whist/A+20",
         None),
    ]
    texts = []
    for number, (dealer, declarer, contract, _, defence, score, result) in enumerate(boards, 1):
        hands = " ".join(f"{s}:{'-' if s == dealer else '?'}" for s in "ABCD")
        first = "ABCD"[("ABCD".index(declarer) + 1) % 4]
        if first == dealer:
            first = "ABCD"[("ABCD".index(first) + 1) % 4]
        result_tag = f'[Result "{result}"]\n' if result else ""
        texts.append(standard(
            f'[Match "aid"]\n[Target "2"]\n[Board "{number}"]\n[Declarer "{declarer}"]\n'
            f'[Contract "{contract}"]\n{result_tag}[Defence "{first}"]\n{defence}\n'
            f'[Score "{score}"]', dealer=dealer, deal=f"{hands} talon:..87."))
    assert codes("\n".join(texts)) == []
    wrong = "\n".join(texts).replace("C:mountain-2 C:whist/A+20", "C:whist/A+40")
    assert "PFN-E701" in codes(wrong)


def test_standard_preferans_hand() -> None:
    """"Preferans u adutu čine obavezno svih 8 aduta, plus Kečevi i najjače karte u ostalim
    bojama ... Pri uspešno odigranom Preferansu, igraču se u Metu upisuje konačan broj,
    precrtava mu se Gora i sva Supa, kojom ga terete protivnici." """
    deal = "A:- B:AKQJT987.AK.. C:? D:? talon:..A.A"
    text = standard('[Match "p"]\n[Target "10"]\n[Auction "B"]\n6S pass pass\n'
                    '[Declarer "B"]\n[Contract "10S-pref"]\n[Talon "DA HA"]\n'
                    '[Score "B:pool+10"]', deal=deal)
    assert [c for c in codes(text) if c[4] == "E"] == []
    broken = text.replace("AKQJT987.AK..", "AKQJT987.KQ..")
    assert "PFN-E404" in codes(broken)


# ---------------------------------------------------------------------------
# serbian (seed 001)


def serbian(body: str, deal: str = "A:? B:? C:? talon:?", extra: str = "") -> str:
    return (f'[Variant "serbian"]\n[Players "Ana; Boris; Ceca"]\n{extra}[Dealer "C"]\n'
            f'[Deal "{deal}"]\n{body}\n')


def test_serbian_numbers_rise_by_one_from_two() -> None:
    """"Dva (ili sledeći broj) ... Brojevi se penju samo za jedan: posle dva ide tri, pa
    četiri, bez preskakanja." """
    assert [c for c in codes(serbian('[Auction "A"]\ndva tri dalje četiri dalje\n'))
            if c[4] == "E"] == []
    assert "PFN-E303" in codes(serbian('[Auction "A"]\ndva četiri\n'))
    assert "PFN-E303" in codes(serbian('[Auction "A"]\ntri\n'))


def test_serbian_moje_holds_for_the_earlier_bidder() -> None:
    """""Moje": igrač koji je ranije licitirao može da zadrži isti broj koji je drugi
    upravo rekao. Prednost ima onaj ko je prvi licitirao." """
    good = serbian('[Auction "A"]\ndva tri dalje moje četiri dalje\n[Declarer "B"]\n'
                   '[Contract "herc"]')
    assert [c for c in codes(good) if c[4] == "E"] == []
    assert "PFN-E305" in codes(serbian('[Auction "A"]\ndva moje\n'))


def test_serbian_igra_only_as_a_first_call() -> None:
    """""Igra" ... može da se kaže samo na prvom javljanju." """
    assert "PFN-E306" in codes(serbian('[Auction "A"]\ndva tri dalje igra\n'))
    good = serbian('[Auction "A"]\ndva igra dalje dalje\n[Declarer "B"]\n'
                   '[Contract "igra tref"]')
    assert [c for c in codes(good) if c[4] == "E"] == []


def test_serbian_game_at_least_the_number() -> None:
    """"Igra mora da bude najmanje onolika koliki je broj licitirao: ko je licitirao četiri
    može da igra herc, tref, betl ili sans, ali ne pik ni karo." """
    auction = '[Auction "A"]\ndva tri četiri dalje dalje\n[Declarer "A"]\n'
    for game, ok in (("pik", False), ("karo", False), ("herc", True), ("tref", True),
                     ("betl", True), ("sans", True)):
        found = codes(serbian(auction + f'[Contract "{game}"]'))
        assert ("PFN-E403" not in found) == ok, game


def test_serbian_both_follow_the_one_below_two_falls() -> None:
    """"Prate oba: zajedno moraju da odnesu četiri štiha ... Ako odnesu manje, pada onaj
    koji ima manje od dva štiha." (herc, value 8: A 7, B 3, C 0.)"""
    text = serbian('[Declarer "A"]\n[Contract "herc"]\n[Result "A:7 B:3 C:0"]\n'
                   '[Defence "B"]\nwhist whist\n[Score "A:bule-8 B:supe/A+24 C:bule+8"]')
    assert codes(text) == []


def test_serbian_call_the_caller_answers_for_four_and_writes_for_both() -> None:
    """"Poziv: igrač koji prati može da pozove onoga ko ne bi pratio. Pozvani mora da igra,
    ali ne rizikuje ništa: za četiri štiha odgovara onaj ko je pozvao, i on upisuje supe za
    oba." (karo, value 6; the defence takes 3.)"""
    text = serbian('[Declarer "A"]\n[Contract "karo"]\n[Result "A:7 B:1 C:2"]\n'
                   '[Defence "B"]\nwhist pass together\n[Score "A:bule-6 B:supe/A+18 B:bule+6"]')
    assert codes(text) == []


def test_serbian_nobody_follows() -> None:
    """"Niko ne prati: igra se ne igra, a igrač je prošao kao da je odneo svih deset
    štihova." """
    text = serbian('[Declarer "A"]\n[Contract "sans"]\n[Defence "B"]\ndalje dalje\n'
                   '[Score "A:bule-14"]')
    assert codes(text) == []


def test_serbian_kontra_doubles_and_commits_to_five() -> None:
    """"Kontra ... Time se obavezuje da će odbrana odneti bar pet štihova, a sva vrednost
    ruke se duplira ... rekontra, što ponovo duplira." (pik 4 → kontra 8 → rekontra 16.)"""
    text = serbian('[Declarer "A"]\n[Contract "pik"]\n[Result "A:6 B:2 C:2"]\n'
                   '[Defence "B"]\nwhist whist B:kontra A:rekontra\n'
                   '[Score "A:bule-16 B:bule+16 B:supe/A+64"]')
    assert codes(text) == []


def test_serbian_betl() -> None:
    """"Betl: ako igrač u betlu odnese štih, pada i dodaje 12 na bule, a svaki protivnik
    upisuje 60 supe protiv njega (70 za betl iz ruke)." """
    fell = serbian('[Declarer "A"]\n[Contract "betl"]\n[Result "A:1 B:5 C:4"]\n'
                   '[Score "A:bule+12 B:supe/A+60 C:supe/A+60"]')
    assert codes(fell) == []
    from_hand = fell.replace('"betl"', '"igra betl"').replace("+12", "+14").replace(
        "+60", "+70")
    assert codes(from_hand) == []
    clean = serbian('[Declarer "A"]\n[Contract "betl"]\n[Result "A:0 B:5 C:5"]\n'
                    '[Score "A:bule-12"]')
    assert codes(clean) == []


def test_serbian_sans_lead() -> None:
    """"Kod sansa prvi štih otvara protivnik koji je na redu pre igrača, tako da igrač baca
    drugi." (C deals, A bids first; B plays sans: A, sitting before B, leads.)"""
    deal = "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"
    text = serbian('[Declarer "B"]\n[Contract "sans"]\n[Result "A:?"]\n[Talon "D8 H8"]\n'
                   '[Discard "D8 H8"]\n[Defence "C"]\nwhist whist\n[Play "A"]\nSA S9 S8\n*',
                   deal=deal)
    assert [c for c in codes(text) if c[4] == "E"] == []
    assert "PFN-E501" in codes(text.replace('[Play "A"]\nSA S9 S8', '[Play "B"]\nST SA S8'))


def test_serbian_refa_doubles_the_next_game() -> None:
    """"Kad svi kažu dalje, svakom igraču se upiše refa. Sledeća igra koju taj igrač igra
    vredi duplo, i kad prođe i kad padne, a duplo se upisuju i supe protiv njega." """
    head = '[Match "r"]\n[Target "30"]\n'
    first = serbian('[Board "1"]\n[Declarer ""]\n[Contract "pass"]\n[Auction "A"]\n'
                    'dalje dalje dalje\n[Score "A:refa+1 B:refa+1 C:refa+1"]', extra=head)
    second = serbian('[Board "2"]\n[Declarer "A"]\n[Contract "herc"]\n[Result "A:6 B:4 C:0"]\n'
                     '[Defence "B"]\nwhist pass\n'
                     '[Score "A:bule-16 A:refa-1 B:supe/A+64"]', extra=head).replace(
        '[Dealer "C"]', '[Dealer "A"]')
    assert codes(first + "\n" + second) == []


def test_serbian_last_game_trimmed_to_zero() -> None:
    """"Ako bi poslednja igra prebacila zbir preko nule, vrednost joj se smanji tako da zbir
    bude tačno nula." (Bule 2 each: A's sans (14) passes; only 6 bring the sum to 0.)"""
    head = '[Match "z"]\n[Target "2"]\n'
    text = serbian('[Board "1"]\n[Declarer "A"]\n[Contract "sans"]\n[Defence "B"]\n'
                   'dalje dalje\n[Score "A:bule-6"]\n[Sheet ""]\nA bule=-4\nB bule=2\nC bule=2',
                   extra=head)
    assert codes(text) == []


def test_serbian_pik_without_kontra_house_rule() -> None:
    """"U mnogim društvima i pik bez kontre pravi refu: igrač koji je licitirao dva i igra
    pik, a niko mu ne kaže kontru, ne igra, nego svi dobiju refu." """
    text = serbian('[Rules "pik-without-kontra=on"]\n[Auction "A"]\ndva dalje dalje\n'
                   '[Declarer "A"]\n[Contract "pik"]\n[Defence "B"]\nwhist whist\n'
                   '[Score "A:refa+1 B:refa+1 C:refa+1"]')
    assert codes(text) == []


def test_serbian_personal_obligation_house_rule() -> None:
    """"Prate oba: zajedno moraju da odnesu četiri štiha. Ako odnesu četiri ili više, oba
    su prošla." — by seed 001 a pair that reaches four is safe; with personal-obligation
    each follower answers for his own two. (herc, value 8: A 6, B 3, C 1.)"""
    body = ('[Declarer "A"]\n[Contract "herc"]\n[Result "A:6 B:3 C:1"]\n'
            '[Defence "B"]\nwhist whist\n[Score "A:bule-8 B:supe/A+24 C:supe/A+8{}"]')
    assert codes(serbian(body.format(""))) == []
    personal = serbian(body.format(" C:bule+8"), extra='[Rules "personal-obligation=on"]\n')
    assert codes(personal) == []
    assert "PFN-E702" in codes(serbian(body.format(""),
                                       extra='[Rules "personal-obligation=on"]\n'))


def test_serbian_supe_cap_house_rule() -> None:
    """"Ko prati upisuje supu ... vrednost igre puta broj štihova koje je odneo." — seed 001
    counts every trick; with supe-cap=5 at most five of a follower's tricks count. (karo,
    value 6: A falls with 3, B alone takes 7: 7 × 6 = 42, capped 5 × 6 = 30.)"""
    body = ('[Declarer "A"]\n[Contract "karo"]\n[Result "A:3 B:7 C:0"]\n'
            '[Defence "B"]\nwhist pass\n[Score "A:bule+6 B:supe/A+{}"]')
    assert codes(serbian(body.format(42))) == []
    assert codes(serbian(body.format(30), extra='[Rules "supe-cap=5"]\n')) == []
    # the caller writes for both: the defence's 7 tricks count 5 as well
    called = ('[Declarer "A"]\n[Contract "karo"]\n[Result "A:3 B:4 C:3"]\n[Defence "B"]\n'
              'whist pass together\n[Score "A:bule+6 B:supe/A+{}"]')
    assert codes(serbian(called.format(42))) == []
    assert codes(serbian(called.format(30), extra='[Rules "supe-cap=5"]\n')) == []


def test_serbian_kontra_on_betl_house_rule() -> None:
    """"U betlu oba protivnika uvek igraju i nemaju obavezu" — seed 001 knows no kontra in
    betl, so a kontra there is an error; with betl-kontra the value doubles (betl 12 → 24)
    and the kontra caller answers for the betl: if the declarer takes no trick the caller
    pays the value on his bule, as a failed defence pays."""
    kontra = '[Defence "B"]\nC:kontra\n'
    fell = ('[Declarer "A"]\n[Contract "betl"]\n[Result "A:1 B:5 C:4"]\n' + kontra
            + '[Score "A:bule+24 B:supe/A+120 C:supe/A+120"]')
    assert "PFN-E406" in codes(serbian(fell))
    rule = '[Rules "betl-kontra=on"]\n'
    assert codes(serbian(fell, extra=rule)) == []
    clean = ('[Declarer "A"]\n[Contract "betl"]\n[Result "A:0 B:5 C:5"]\n' + kontra
             + '[Score "A:bule-24 C:bule+24"]')
    assert codes(serbian(clean, extra=rule)) == []
    rekontra = clean.replace("C:kontra", "C:kontra A:rekontra").replace("24", "48")
    assert codes(serbian(rekontra, extra=rule)) == []
    assert "PFN-E406" in codes(serbian(clean.replace("C:kontra", "A:kontra"), extra=rule))


# ---------------------------------------------------------------------------
# mailru (seed 002, "Дополнительные соглашения Преферанса на Мини-Играх Mail.Ru")


def mailru(body: str) -> str:
    return f'[Variant "mailru"]\n[Dealer "C"]\n[Deal "A:? B:? C:? talon:?"]\n{body}\n'


def test_mailru_misere_caller_limited() -> None:
    """"Игрок, уже объявивший «Мизер», может объявить только «Мизер без прикупа» или
    Пасануть. Он не может объявить девятерную или десятерную игру." """
    assert "PFN-E306" in codes(mailru('[Auction "A"]\nмизер 9S pass 9C\n'))
    assert [c for c in codes(mailru('[Auction "A"]\nмизер 9S мизер-без-прикупа пас пас\n'))
            if c[4] == "E"] == []


def test_mailru_ladder() -> None:
    """"Мизер с прикупом перебивается девятерной с прикупом. Девятерная с прикупом
    перебивается мизером без прикупа. Мизер без прикупа перебивается девятерной (или
    десятерной) без прикупа." """
    ok = mailru('[Auction "A"]\nmis 9S pass mis-hand 9S-hand\n')
    assert [c for c in codes(ok) if c[4] == "E"] == []
    assert "PFN-E302" in codes(mailru('[Auction "A"]\nmis-hand 10NT\n'))


def test_mailru_no_whist_after_half_whist() -> None:
    """"Вист-пас-полвиста — не допускается" (after a half-whist the first defender may not
    come back with a whist)."""
    text = mailru('[Declarer "A"]\n[Contract "6H"]\n[Defence "B"]\npass half whist\n')
    assert "PFN-E406" in codes(text)


def test_mailru_ten_is_checked_not_whisted() -> None:
    """"Десятерная игра — проверяется" (seed 002); "Ova Ponuda se prektično i ne igra, već se
    samo proverava. Ako pratioci nađu načina da obore Solo-igrača, on „pada“, a pratiocima
    se ne piše ništa." (seed 000). Whisting a ten is an error that names the option; the
    check credits a ten the defence cannot beat, or makes the declarer fall, writing
    nothing for the defenders."""
    whisted = mailru('[Declarer "A"]\n[Contract "10S"]\n[Result "A:10"]\n[Defence "B"]\n'
                     'whist whist\n')
    found = [d for d in diagnostics(whisted) if d.code == "PFN-E406"]
    assert found and "ten=checked" in found[0].message
    credited = mailru('[Declarer "A"]\n[Contract "10S"]\n[Result "A:10"]\n[Defence "B"]\n'
                      'check\n[Score "A:pool+10"]')
    assert codes(credited) == []
    fallen = mailru('[Declarer "A"]\n[Contract "10S"]\n[Result "A:9"]\n[Defence "B"]\n'
                    'check\n[Score "A:mountain+10"]')
    assert codes(fallen) == []
    played = whisted.replace('[Variant "mailru"]', '[Variant "sochi"]')
    assert "PFN-E406" not in codes(played)


def test_mailru_tightened_exit() -> None:
    """"Выход из распасов — ужесточенный (6,7,8)": after two all-passes in a row the next
    game is at least seven."""
    allpass = ('[Match "x"]\n[Variant "mailru"]\n[Board "{}"]\n[Dealer "C"]\n[Declarer ""]\n'
               '[Contract "pass"]\n[Result "A:5 B:5 C:0"]\n')
    text = allpass.format(1) + "\n" + allpass.format(2) + "\n" + (
        '[Match "x"]\n[Variant "mailru"]\n[Board "3"]\n[Dealer "C"]\n[Declarer "A"]\n'
        '[Contract "6H"]\n')
    assert "PFN-E408" in codes(text)


# ---------------------------------------------------------------------------
# britannica (seed 002, "Предпочтение | карточная игра | Британника")

BRIT_DEAL = "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"


def britannica(body: str, deal: str = BRIT_DEAL) -> str:
    return (f'[Variant "britannica"]\n[Players "A; B; C"]\n[Dealer "C"]\n[Deal "{deal}"]\n'
            f'{body}\n')


def test_britannica_ladder_and_values() -> None:
    """"Один … 1, Два … 2, Три … 3, Четыре … 4, Мизере … 5, Одна рука … 6 … Мизере (без
    вдовы) 10, Нет Трампа 11, Мизер Овер 12" — One is clubs, Two spades."""
    from pfn.contract import Contract
    from pfn.variants import Britannica

    variant = Britannica()
    values = {t: variant.value(Contract.parse(t)) for t in  # type: ignore[arg-type]
              ("6C", "6S", "6D", "6H", "mis", "6C-hand", "6H-hand", "mis-hand", "6NT",
               "mis-open")}
    assert values == {"6C": 1, "6S": 2, "6D": 3, "6H": 4, "mis": 5, "6C-hand": 6,
                      "6H-hand": 9, "mis-hand": 10, "6NT": 11, "mis-open": 12}
    assert [c.token for c in one(britannica('[Auction "A"]\none two')).auction.calls] == \
        ["6C", "6S"]


def test_britannica_soloist_leads_and_must_head() -> None:
    """"Солист ведет к первой взятке ... Каждый игрок должен попытаться «превзойти всех»,
    сыграв более высокую карту, чем любая ранее сыгранная" — except that "когда Солист
    ведет младшую карту ... следующий игрок ... не должен пытаться выиграть взятку".
    (A plays Two, spades; trick 1: A leads H7, B after the soloist may play HQ low or
    high, C cannot beat HQ; trick 2: B leads HK, C cannot beat it, A can with HA.)"""
    body = ('[Declarer "A"]\n[Contract "6S"]\n[Auction "A"]\ntwo pass pass\n'
            '[Talon "D8 H8"]\n[Discard "D7 D8"]\n[Play "A"]\nH7 HQ H9\nHK HJ HA\n*')
    assert [c for c in codes(britannica(body)) if c[4] == "E"] == []
    lazy = body.replace("HK HJ HA", "HK HJ H8")
    found = [d for d in diagnostics(britannica(lazy)) if d.code == "PFN-E505"]
    assert found and "HA beats HK" in found[0].message
    assert "PFN-E501" in codes(britannica(body.replace('[Play "A"]\nH7 HQ H9', '[Play "B"]\n'
                                                       'HQ H9 H7')))


def test_britannica_no_trump_lead_from_the_right() -> None:
    """"за исключением контракта без козырей, когда ход инициируется игроком справа от
    солиста." (A plays No Trump; the player on his right — C — leads.)"""
    body = ('[Declarer "A"]\n[Contract "6NT"]\n[Auction "A"]\nNo-Trump pass pass\n'
            '[Talon "D8 H8"]\n[Discard "D7 D8"]\n[Play "C"]\nH9 HA HQ\n*')
    assert [c for c in codes(britannica(body)) if c[4] == "E"] == []


def test_britannica_pot() -> None:
    """"Если Солист выигрывает свой контракт на шесть взяток, то он/она забирает 10 единиц
    из банка, но если Солист не выигрывает свой контракт, он/она платит 20 единиц в банк."
    (The pot is empty at the start: everyone antes 10 first.)"""
    made = britannica('[Match "pot"]\n[Board "1"]\n[Declarer "A"]\n[Contract "6S"]\n'
                      '[Result "A:6 B:2 C:2"]\n[Score "A:chips+0 B:chips-10 C:chips-10"]',
                      deal="A:? B:? C:? talon:?")
    assert codes(made.replace("A:chips+0 ", "")) == []
    failed = made.replace('"A:6 B:2 C:2"', '"A:5 B:3 C:2"').replace(
        "A:chips+0 ", "A:chips-30 ")
    assert codes(failed) == []


def test_britannica_no_choice_below_value_six() -> None:
    """"При наличии контракта на 6 или более очков каждый защитник имеет возможность
    «согласиться» ... или может выбрать «не участвовать»." """
    assert "PFN-E406" in codes(britannica('[Declarer "A"]\n[Contract "6S"]\n[Defence "B"]\n'
                                          'pass pass\n', deal="A:? B:? C:? talon:?"))
    both_drop = britannica('[Declarer "A"]\n[Contract "6S-hand"]\n[Defence "B"]\npass pass\n'
                           '[Score "A:chips+0 B:chips-10 C:chips-10"]', deal="A:? B:? C:? talon:?")
    assert codes(both_drop.replace("A:chips+0 ", "")) == []


def unchecked(text: str) -> str:
    """What ``pfn check`` says it could not check in ``text``."""
    return " ".join(d.message for d in diagnostics(text) if d.code == "PFN-I001")


def test_britannica_ante_is_agreed() -> None:
    """"каждый игрок вносит согласованную сумму в банк, скажем, 10 единиц каждый" — the
    ante is agreed: with ante=5 each antes 5, a made six takes 5, a failed one pays 10."""
    made = britannica('[Rules "ante=5"]\n[Match "pot"]\n[Board "1"]\n[Declarer "A"]\n'
                      '[Contract "6S"]\n[Result "A:6 B:2 C:2"]\n'
                      '[Score "B:chips-5 C:chips-5"]', deal="A:? B:? C:? talon:?")
    assert codes(made) == []
    failed = made.replace('"A:6 B:2 C:2"', '"A:4 B:3 C:3"').replace(
        '"B:chips-5', '"A:chips-15 B:chips-5')
    assert codes(failed) == []


def test_britannica_misere_stakes() -> None:
    """The settlement paragraph names six-trick contracts only ("Если Солист выигрывает свой
    контракт на шесть взяток ... забирает 10 единиц из банка ... платит 20 единиц"), so
    misère is not scored unless the house rule misere-stakes=ante pays it the same way:
    taken no trick, the ante from the pot; caught, twice the ante into it."""
    body = ('[Match "m"]\n[Board "1"]\n[Declarer "A"]\n[Contract "mis"]\n'
            '[Result "A:0 B:5 C:5"]\n[Score "A:chips+0 B:chips-10 C:chips-10"]')
    unscored = britannica(body, deal="A:? B:? C:? talon:?")
    assert "no payment for misère" in unchecked(unscored)
    assert codes(britannica('[Rules "misere-stakes=ante"]\n' + body,
                            deal="A:? B:? C:? talon:?")) == []
    caught = ('[Rules "misere-stakes=ante"]\n' + body).replace('"A:0 B:5 C:5"', '"A:1 B:5 C:4"'
                                                                ).replace("A:chips+0", "A:chips-30")
    assert codes(britannica(caught, deal="A:? B:? C:? talon:?")) == []


def test_britannica_quota_of_two_tricks() -> None:
    """"Каждый противник должен взять как минимум две взятки, если он играет" — the source
    gives no payment for a defender who falls short, so such a deal is not scored; but
    "если другой Защитник настаивает, то такой игрок должен играть ... но не обязан
    выигрывать обязательные две взятки, но вместе они все же должны обыграть Солиста": a
    pair made to play by insisting has no personal quota."""
    head = '[Match "q"]\n[Board "1"]\n[Declarer "A"]\n[Contract "6S-hand"]\n'
    short = britannica(head + '[Result "A:6 B:3 C:1"]\n[Defence "B"]\nagree agree\n'
                       '[Score "B:chips-10 C:chips-10"]', deal="A:? B:? C:? talon:?")
    assert "short of two tricks" in unchecked(short)
    insisted = britannica(head + '[Result "A:6 B:3 C:1"]\n[Defence "B"]\nagree drop insist\n'
                          '[Score "B:chips-10 C:chips-10"]', deal="A:? B:? C:? talon:?")
    assert codes(insisted) == []
    alone = britannica(head + '[Result "A:9 B:1"]\n[Defence "B"]\nagree drop\n'
                       '[Score "B:chips-10 C:chips-10"]', deal="A:? B:? C:? talon:?")
    assert "short of two tricks" in unchecked(alone)
    assert "short of two tricks" not in unchecked(insisted)


# ---------------------------------------------------------------------------
# classic (seed 004)


def classic(body: str) -> str:
    return f'[Variant "classic"]\n[Dealer "C"]\n[Deal "A:? B:? C:? talon:?"]\n{body}\n'


def test_classic_ladder_without_notrumps_and_misere_on_top() -> None:
    """"шесть пик, шесть треф, шесть бубен, шесть черв, семь пик, … десять черв, мизер." """
    assert "PFN-E309" in codes(classic('[Auction "A"]\n6NT\n'))
    ok = classic('[Auction "A"]\nраз 10H mis pass pass\n[Declarer "C"]\n[Contract "mis"]')
    assert [c for c in codes(ok) if c[4] == "E"] == []


def test_classic_free_order() -> None:
    """"Кто-нибудь из остальных игроков, у всех равные права в этот момент, может сказать:
    «Шесть треф!»" """
    ok = classic('[Auction "A"]\nраз C:6C B:6D A:pass C:pass\n[Declarer "B"]\n'
                 '[Contract "6D"]')
    assert [c for c in codes(ok) if c[4] == "E"] == []


def test_classic_six_clubs_keeps_the_level_except_in_spades() -> None:
    """"Он обязан набрать шесть или более взяток в любой масти, кроме пик. В пиках он должен
    заказать не менее семи взяток." """
    auction = '[Auction "A"]\nраз 6C pass pass\n[Declarer "B"]\n'
    assert "PFN-E403" in codes(classic(auction + '[Contract "6S"]'))
    assert [c for c in codes(classic(auction + '[Contract "6H"]')) if c[4] == "E"] == []
    assert [c for c in codes(classic(auction + '[Contract "7S"]')) if c[4] == "E"] == []


def test_classic_allpass_costs_two_per_trick_and_nothing_for_no_trick() -> None:
    """"Количество очков за одну взятку при распасах назначают отдельно ... Обычно по 2
    очка"; "В графу “пуля” пишут только выигранные очки и ничего более" — so a player
    with no trick writes nothing to his pool."""
    allpass = classic('[Declarer ""]\n[Contract "pass"]\n[Result "A:5 B:5 C:0"]\n'
                      '[Score "A:mountain+10 B:mountain+10"]')
    assert codes(allpass) == []


def test_classic_whists_are_written_plus_and_minus() -> None:
    """"В графу “висты” вносят с плюсом выигранные висты, а с минусом – проигранные.
    Выигранные или проигранные висты пишут напротив игрока, которому эти висты проиграны
    или у которого они выиграны." With the Sochi-type prices (7 = 4): A makes 7♠ with 8,
    B and C whisted and took a trick each: each writes +4 against A, and A −4 against
    each of them."""
    text = classic('[Declarer "A"]\n[Contract "7S"]\n[Result "A:8 B:1 C:1"]\n'
                   '[Defence "B"]\nwhist whist\n'
                   '[Score "A:pool+4 A:whist/B-4 A:whist/C-4 B:whist/A+4 C:whist/A+4"]')
    assert codes(text) == []
    fell = classic('[Declarer "A"]\n[Contract "7S"]\n[Result "A:6 B:3 C:1"]\n'
                   '[Defence "B"]\nwhist whist\n[Score "A:mountain+4 B:whist/A+16'
                   ' C:whist/A+8 A:whist/B-16 A:whist/C-8"]')
    assert codes(fell) == []  # B: 3 tricks + 1 undertrick of consolation, × 4


def test_classic_settles_each_whist_once() -> None:
    """The whist balance of a sheet written plus and minus is each player's own entries:
    B won 16 from A and C 8, so B +16, C +8 and A −24, with A's mountain of 4 shared."""
    head = '[Match "c"]\n[Target "10"]\n'
    body = classic(head + '[Board "1"]\n[Declarer "A"]\n[Contract "7S"]\n'
                   '[Result "A:6 B:3 C:1"]\n[Defence "B"]\nwhist whist\n'
                   '[Score "A:mountain+4 B:whist/A+16 C:whist/A+8 A:whist/B-16 A:whist/C-8"]'
                   '\n[Settlement "A:-152/3 B:+88/3 C:+64/3"]')
    # every pool short by its 10 turns into mountain: A 4 + 10, B 10, C 10, average 34/3;
    # A: 10 × (34/3 − 14) − 16 − 8 = −152/3; B: 10 × (34/3 − 10) + 16 = 88/3;
    # C: 40/3 + 8 = 64/3 (counting each whist twice would give B 40/3 + 32)
    assert codes(body) == []


def test_serbian_kontra_supe_need_only_the_declarers_tricks() -> None:
    """Under kontra the caller writes supe for both ("upisuje supe za oba"): value ×
    the defence's tricks, which are the ten less the declarer's, however the two split
    them.  A Result that gives only the declarer's six is scored the same as the
    whole split (pik 4 → kontra 8 → rekontra 16; four tricks: 64)."""
    split = serbian('[Declarer "A"]\n[Contract "pik"]\n[Result "A:6 B:2 C:2"]\n'
                    '[Defence "B"]\nwhist whist B:kontra A:rekontra\n'
                    '[Score "A:bule-16 B:bule+16 B:supe/A+64"]')
    alone = split.replace('[Result "A:6 B:2 C:2"]', '[Result "A:6"]')
    assert codes(split) == [] and codes(alone) == []
    # without kontra each follower writes his own tricks: the split is needed
    plain = serbian('[Declarer "A"]\n[Contract "pik"]\n[Result "A:6"]\n'
                    '[Defence "B"]\nwhist whist\n')
    import pfn

    scored = pfn.score(pfn.replay(pfn.loads(plain)[0], on_error="collect"))
    assert any("supe not computed" in str(note) for note in scored.unchecked)
    kontra = plain.replace("whist whist\n", "whist whist B:kontra\n")
    scored = pfn.score(pfn.replay(pfn.loads(kontra)[0], on_error="collect"))
    assert not any("supe not computed" in str(note) for note in scored.unchecked)
    assert [str(e) for e in scored.entries if e.column == "supe"] == ["B:supe/A+32"]
