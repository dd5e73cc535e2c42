"""A LossScaleOptimizer or AdamW that its constructor refuses still uses up its auto name, as in Keras 3.

Keras 3 names an optimizer in its base ``__init__`` and checks LossScaleOptimizer's inner optimizer and
AdamW's ``weight_decay`` only after it, so the next optimizer of the class is '<name>_1'. The names below
were printed by TF 2.21 (notes progs/optimtraj12/c7_names.py), e.g.:

    keras.backend.clear_session()
    try: LossScaleOptimizer('sgd')
    except AttributeError: pass
    print(LossScaleOptimizer(SGD()).name)          # loss_scale_optimizer_1
"""
import pytest

from framework import keras

O = keras.optimizers
LSO = keras.mixed_precision.LossScaleOptimizer


@pytest.mark.parametrize('refused, error, make_next, name', [
    (lambda: LSO('sgd'), AttributeError, lambda: LSO(O.SGD()), 'loss_scale_optimizer_1'),
    (lambda: LSO(3), AttributeError, lambda: LSO(O.SGD()), 'loss_scale_optimizer_1'),
    (lambda: O.AdamW(weight_decay=None), ValueError, lambda: O.AdamW(), 'adam_w_1'),
])
def test_refused_constructor_uses_up_its_name(refused, error, make_next, name):
    keras.backend.clear_session()
    with pytest.raises(error):
        refused()
    assert make_next().name == name
    keras.backend.clear_session()


@pytest.mark.parametrize('refused, error, make_next, name', [
    # refused before the base __init__ in Keras too: the next one takes the plain name (TF 2.21)
    (lambda: LSO(O.SGD(), use_ema=True), ValueError, lambda: LSO(O.SGD()), 'loss_scale_optimizer'),
    (lambda: LSO(O.SGD(), dynamic=False), ValueError, lambda: LSO(O.SGD()), 'loss_scale_optimizer'),
    (lambda: LSO(O.SGD(), foo=1), ValueError, lambda: LSO(O.SGD()), 'loss_scale_optimizer'),
])
def test_argument_refused_before_naming_leaves_the_name(refused, error, make_next, name):
    keras.backend.clear_session()
    with pytest.raises(error):
        refused()
    assert make_next().name == name
    keras.backend.clear_session()


def test_refused_inner_optimizer_keeps_tf_error_text():
    keras.backend.clear_session()
    with pytest.raises(AttributeError, match="'str' object has no attribute 'loss_scale_factor'"):
        LSO('sgd')
    with pytest.raises(ValueError, match=r'Argument `weight_decay` must be a float\. Received: weight_decay=None'):
        O.AdamW(weight_decay=None)
    keras.backend.clear_session()
