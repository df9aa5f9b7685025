"""The sixty years (samvatsaras) as Telugu, Kannada, Hindi, Marathi, Gujarati and Bengali name
them (issue 25 item 2), beside the usage tables of tests/almanac/test_native_names.py (whose
docstring lists what is not yet checked) and the Sanskrit and Tamil lists of
tests/almanac/test_native_year_names.py.

These are facts copied from the files named (not computed); where our table keeps another
usage than the source, the difference is listed with its reason. The full lists come from
Telugu and Kannada panchangam applications' name tables (no almanac's own list of all sixty
could be read whole this session); the names almanacs and newspapers print, checked one by
one, are in tests/almanac/test_native_year_names.py (SAMVATSARAS_IN_PRINT). The Hindi,
Marathi, Gujarati and Bengali lists are one application's (AstroSage's), with its slips
listed beside ours.
"""

from __future__ import annotations

import pytest

from lokpanchang.almanac.names import table
from tests.almanac.test_native_names import nfc, usage_with_ours

# Telugu: the Telugu panchangam app github.com/pankajexa/telugu-panchangam,
# src/data/customYogas.js at commit 332af93a92e86d4135c2171e3b0caa654adf2640,
# SAMVATSARA_NAMES_TE: the South Indian forms the Telugu years take (ప్రమోదూత, ప్రజోత్పత్తి,
# ఆంగీరస, దుర్ముఖి, హేవిళంబి, కాళయుక్తి, రౌద్రి), as telugupedia.com romanises them ("Name of
# the Indian Years Sixty Years": Pramodoota, Prajotpati, Angeerasa … Durmukhi, Hevilambi …
# KaLayukti, Raudri) and en.wikipedia's "Samvatsara" most of them (Pramodoota, Prajothpatti,
# Āngirasa … Hevilambi … Kālayukthi; http://the-uncensored-wiki.com:20082/articles/s/a/m/
# Samvatsara.html). Both usages exist for a few: a second Telugu app (github.com/
# ravitejakamalapuram/TeluguPanchangam, panchang.js at commit
# d86c960c860ae38199f73baae3f4c637997a2893) writes అంగీరస, ప్రమాది, సర్వజిత్తు, శుభకృతు,
# శోభకృతు, విరోధికృతు, as telugupedia's Pramadi, Sarvajittu, Shubhakrutu; wikimili's "Telugu
# years" writes the fourth ప్రమోద్యూత. Telugu print:
# "శ్రీ శోభకృత్" (telugu.newsmeter.in, ugadi-2023-names-telugu-years-and-months-709642) and
# "శ్రీ విశ్వావసు నామ సంవత్సరం" (the Telugu Hindustan Times' daily panchangam).
TELUGU_SAMVATSARAS = (
    "ప్రభవ విభవ శుక్ల ప్రమోదూత ప్రజోత్పత్తి ఆంగీరస శ్రీముఖ భావ యువ ధాత ఈశ్వర బహుధాన్య ప్రమాథి "
    "విక్రమ వృష చిత్రభాను స్వభాను తారణ పార్థివ వ్యయ సర్వజిత్ సర్వధారి విరోధి వికృతి ఖర నందన "
    "విజయ జయ మన్మథ దుర్ముఖి హేవిళంబి విళంబి వికారి శార్వరి ప్లవ శుభకృత్ శోభకృత్ క్రోధి "
    "విశ్వావసు పరాభవ ప్లవంగ కీలక సౌమ్య సాధారణ విరోధికృత్ పరిధావి ప్రమాదీచ ఆనంద రాక్షస నల పింగళ "
    "కాళయుక్తి సిద్ధార్థి రౌద్రి దుర్మతి దుందుభి రుధిరోద్గారి రక్తాక్షి క్రోధన అక్షయ"
)

# Kannada: the panchanga of a Kolar temple's site, github.com/Mahesh-aadhitya/SVRD,
# src/lib/panchang/names.ts at commit 432c59d2f8737f239f1a7e935eb04f4022f02b7a, SAMVATSARAS
# (their Kannada column). A second Kannada app agrees on all but a few
# (github.com/ShriSuma/BaggonaPanchangaAstrology, src/core/VedicCalculations.ts at commit
# 94593b44c4fc2edc465a3a38f121d6cd71890640, KN_SAMVATSARAS: ಧಾತೃ, ಕಾಲಯುಕ್ತಿ, ರೌದ್ರಿ, and two
# slips, Jaya and ಪರಿದಾವಿ). The śloka a Kannada blog quotes writes the fourth प्रमोदूत
# (http://makrumanju.blogspot.com/2016/01/blog-post_19.html), and ETV Bharat Kannada's daily
# panchanga prints "ಸಂವತ್ಸರ : ಶುಭಕೃತ್" (10 May 2023).
KANNADA_SAMVATSARAS = (
    "ಪ್ರಭವ ವಿಭವ ಶುಕ್ಲ ಪ್ರಮೋದೂತ ಪ್ರಜೋತ್ಪತ್ತಿ ಆಂಗೀರಸ ಶ್ರೀಮುಖ ಭಾವ ಯುವ ಧಾತು ಈಶ್ವರ ಬಹುಧಾನ್ಯ ಪ್ರಮಾಥಿ "
    "ವಿಕ್ರಮ ವೃಷ ಚಿತ್ರಭಾನು ಸ್ವಭಾನು ತಾರಣ ಪಾರ್ಥಿವ ವ್ಯಯ ಸರ್ವಜಿತ್ ಸರ್ವಧಾರಿ ವಿರೋಧಿ ವಿಕೃತಿ ಖರ ನಂದನ "
    "ವಿಜಯ ಜಯ ಮನ್ಮಥ ದುರ್ಮುಖಿ ಹೇವಿಳಂಬಿ ವಿಳಂಬಿ ವಿಕಾರಿ ಶಾರ್ವರಿ ಪ್ಲವ ಶುಭಕೃತ್ ಶೋಭಕೃತ್ ಕ್ರೋಧಿ "
    "ವಿಶ್ವಾವಸು ಪರಾಭವ ಪ್ಲವಂಗ ಕೀಲಕ ಸೌಮ್ಯ ಸಾಧಾರಣ ವಿರೋಧಿಕೃತ್ ಪರಿಧಾವಿ ಪ್ರಮಾದೀಚ ಆನಂದ ರಾಕ್ಷಸ ನಳ ಪಿಂಗಳ "
    "ಕಾಳಯುಕ್ತಿ ಸಿದ್ಧಾರ್ಥಿ ರೌದ್ರ ದುರ್ಮತಿ ದುಂದುಭಿ ರುಧಿರೋದ್ಗಾರಿ ರಕ್ತಾಕ್ಷಿ ಕ್ರೋಧನ ಅಕ್ಷಯ"
)
KANNADA_SAMVATSARAS_KEPT = {
    53: (
        "ರೌದ್ರಿ",
        "both are in use; ರೌದ್ರಿ as the second Kannada app and the Telugu lists write it",
    ),
}


def test_telugu_samvatsaras_are_the_telugu_years():
    assert list(table("samvatsara", "te")) == nfc(TELUGU_SAMVATSARAS)


def test_kannada_samvatsaras_are_the_kannada_years():
    expected = usage_with_ours(KANNADA_SAMVATSARAS, KANNADA_SAMVATSARAS_KEPT)
    assert list(table("samvatsara", "kn")) == expected


# Hindi, Marathi, Gujarati, Bengali: the AstroSage Kundli Android app's name tables, as copied
# in github.com/manishranjanprogrammer-del/AkOjas, app/src/main/java/com/ojassoft/astrosage/
# constants/Constants{Hi,Mr,Gu,Bn}.java at commit b3bf7cb8e31cb817ca33f168007ba40087661b43,
# ``samvats`` (the North Indian forms, as drikpanchang.com names the years: प्रमोद, प्रजापति,
# अंगिरा, दुर्मुख, हेमलम्बी, कालयुक्त). Its Hindi and Marathi lists are the same; its Hindi
# writes the seventh "श्री मुख", written here as one word, as its Gujarati and Bengali do.
# Where ours differs, the reason is beside it: the app's slips, and the forms drikpanchang.com
# and Hindi print give the years (Vyaya, Nala: "नव संवत्सर 2079 का नाम नल", in
# tests/almanac/test_native_year_names.py).
HINDI_SAMVATSARAS = (
    "प्रभव विभव शुक्ल प्रमोद प्रजापति अंगिरा श्रीमुख भाव युवा धाता ईश्वर बहुधान्य प्रमाथी विक्रम "
    "वृष चित्रभानु सुभानु तारण पार्थिव अव्यय सर्वजीत सर्वधारी विरोधी विकृति खर नंदन विजय जय मन्मथ "
    "दुर्मुख हेम्लम्बी विलम्बी विकारी शार्वरी प्लव शुभकृत शोभकृत क्रोधी विश्वावसु पराभव प्ल्वंग "
    "कीलक सौम्य साधारण विरोधकृत परिधावी प्रमादी आनंद राक्षस आनल पिंगल कालयुक्त सिद्धार्थी रौद्र "
    "दुर्मति दुन्दुभी रूधिरोद्गारी रक्ताक्षी क्रोधन अक्षय"
)
VYAYA = "Vyaya (व्ययः in the śloka of the sixty names), as drikpanchang.com names the year"
NALA = "Nala, as drikpanchang.com and Hindi print name the year; the app writes Anala"
SARVAJIT = "the Sanskrit -jit ('conquering', सर्वजित्) with its short i; the app writes -जीत"
ANUSVARA = "the nasal before its stop written as anusvara, as the app's own नंदन, आनंद"
VIRODHIKRIT = (
    "drikpanchang.com's Virodhikrit (our English); the app and the North Indian śloka"
    " write Virodhakrit: a Hindi almanac should settle it"
)
HINDI_SAMVATSARAS_KEPT = {
    19: ("व्यय", VYAYA),
    20: ("सर्वजित", SARVAJIT),
    30: ("हेमलंबी", "the app's slip हेम्ल- for हेमलम्बी; " + ANUSVARA),
    31: ("विलंबी", ANUSVARA),
    40: ("प्लवंग", "the app's slip प्ल्वंग"),
    44: ("विरोधिकृत", VIRODHIKRIT),
    49: ("नल", NALA),
    55: ("दुंदुभि", "the Sanskrit's short i (दुन्दुभि, 'kettledrum'); " + ANUSVARA),
    56: ("रुधिरोद्गारी", "the app's slip रू- (रुधिर, 'blood')"),
}
GUJARATI_SAMVATSARAS = (
    "પ્રભવ વિભવ શુક્લ પ્રમોદ પ્રજાપતિ અંગિરા શ્રીમુખ ભાવ યુવા ધાતા ઈશ્વર બહુધાન્ય પ્રમાથી વિક્રમ "
    "વૃષભ ચિત્રભાનુ સુભાનુ તારણ પાર્થિવ વ્યય સર્વજીત સર્વધારી વિરોધી વિકૃતિ ખર નંદન વિજય જય મન્મથ "
    "દુર્મુખ હેવિલંબી વિલંબી વિકારી શાર્વરી પ્લવ શુભકૃત શોભકૃત ક્રોધી વિશ્વાવસુ પરાભવ પ્લવંગ કિલક "
    "સૌમ્ય સાધારણ વિરોધીકૃત પરિધાવી પ્રમાદી આનંદ રાક્ષસ નલ પિંગળ કાળયુક્ત સિદ્ધાર્થી રૌદ્ર દુર્મતિ "
    "દુંદુભી રુધિરોદ્ગારી રક્તાક્ષી ક્રોધન અક્ષય"
)
GUJARATI_SAMVATSARAS_KEPT = {
    14: ("વૃષ", "Vrisha, as the app's Hindi; વૃષભ is the zodiac sign's name"),
    20: ("સર્વજિત", SARVAJIT),
    30: ("હેમલંબી", "the North Indian Hemalambi, as drikpanchang.com and the app's Hindi"),
    41: ("કીલક", "the long ī of कीलक, as the app's Hindi"),
    44: ("વિરોધિકૃત", VIRODHIKRIT),
    55: ("દુંદુભિ", "the Sanskrit's short i (दुन्दुभि), as the app's Bengali দুন্দুভি"),
}
BENGALI_SAMVATSARAS = (
    "প্রভব বিভব শুক্ল প্রমোদ প্রজাপতি অঙ্গিরা শ্রীমুখ ভাব যুব ধাতা ঈশ্বর বহুধান্য প্রমাথী বিক্রম "
    "বৃষ চিত্রভানু সুভানু তারণ পার্থিব অব্যয় সর্বজিৎ সর্বধারী বিরোধী বিকৃতি খর নন্দন বিজয় জয় মন্মথ "
    "দুর্মুখ হেমলম্বী বিলম্বী বিকারী শর্বরী প্লব শুভকৃত শোভকৃত ক্রোধী বিশ্বাবসু পরাভব প্লবঙ্গ কীলক "
    "সৌম্য সাধারণ বিরোধকৃত পরিধাবী প্রসাদী আনন্দ রাক্ষস আনল পিঙ্গল কালযুক্ত সিদ্ধার্থী রৌদ্র দুর্মতি "
    "দুন্দুভি রুধিরোদ্গারী রক্তাক্ষি ক্রোধন অক্ষয়"
)
KHANDA_TA = "Bengali writes a final t as ৎ, as the app's own সর্বজিৎ and the season শরৎ"
BENGALI_SAMVATSARAS_KEPT = {
    8: ("যুবা", "the nominative युवा, as the app's Hindi and Marathi"),
    19: ("ব্যয়", VYAYA),
    33: ("শার্বরী", "the long ā of शार्वरी, as the app's Hindi"),
    35: ("শুভকৃৎ", KHANDA_TA),
    36: ("শোভকৃৎ", KHANDA_TA),
    44: ("বিরোধিকৃৎ", VIRODHIKRIT + "; " + KHANDA_TA),
    46: ("প্রমাদী", "the app's slip প্রসাদী (Prasadi) for Pramadi, as its Hindi प्रमादी"),
    49: ("নল", NALA),
    57: ("রক্তাক্ষী", "the long ī of रक्ताक्षी, as the app's Hindi"),
}
NORTH_INDIAN_SAMVATSARAS = {
    "hi": (HINDI_SAMVATSARAS, HINDI_SAMVATSARAS_KEPT),
    "mr": (HINDI_SAMVATSARAS, HINDI_SAMVATSARAS_KEPT),
    "gu": (GUJARATI_SAMVATSARAS, GUJARATI_SAMVATSARAS_KEPT),
    "bn": (BENGALI_SAMVATSARAS, BENGALI_SAMVATSARAS_KEPT),
}


@pytest.mark.parametrize("lang", sorted(NORTH_INDIAN_SAMVATSARAS))
def test_north_indian_samvatsaras_are_the_almanac_apps(lang):
    expected = usage_with_ours(*NORTH_INDIAN_SAMVATSARAS[lang])
    assert list(table("samvatsara", lang)) == expected
