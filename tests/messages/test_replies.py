from lokpanchang.messages import reply


def test_replies_fall_back_to_english_and_name_the_chosen_language():
    assert reply("language_set", "ta") == "Done: your panchangam will come in Tamil."
    assert "हिंदी" in reply("language_set", "hi")
    assert "Pune" in reply("subscribed", "bn", place="Pune", timezone="Asia/Kolkata")


def test_the_hindi_help_is_in_hindi():
    assert "लिखें" in reply("help", "hi")
