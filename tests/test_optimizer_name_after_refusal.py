"""Keras 3 names an optimizer before checking its base options, so one refused for them has used up its
auto name: the next Adam() is 'adam_1' (TF 2.21, optimtraj12's item 2)."""
import pytest

from framework import keras


@pytest.mark.parametrize('options, words', [
    (dict(use_ema=True, ema_momentum=2.0), r'`ema_momentum` must be in the range \[0, 1\]'),
    (dict(gradient_accumulation_steps=1), '`gradient_accumulation_steps` must be an integer >= 2'),
    (dict(clipnorm=1.0, global_clipnorm=1.0), 'Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set'),
])
def test_refused_base_options_use_up_the_auto_name(options, words):
    keras.backend.clear_session()
    with pytest.raises(ValueError, match=words):
        keras.optimizers.Adam(**options)
    assert keras.optimizers.Adam().name == 'adam_1'
    keras.backend.clear_session()
