"""A Regularizer subclass that writes no get_config fails to serialize, as in Keras 3.15.

Keras's base ``Regularizer.get_config`` raises ``NotImplementedError(f"{self} does not
implement get_config()")`` and the class has no ``__repr__`` of its own, so ``{self}`` is
the default object repr. The keras.io PointNet example prints its OrthogonalRegularizer's
config through ``super().get_config()`` and dies there on TF 2.21; tapeflow's base returned
``{}`` (and a repr built from the config), so the program went on.

Goldens: /work/notes/progs/kerasio22/regprobe.py and pointnet2.py run on TF 2.21 + Keras 3.15
(``/opt/tfref/bin/python``): every failure below is NotImplementedError with
'<__main__.R object at 0x...> does not implement get_config()' (the address varies).
"""
import re

import numpy as np
import pytest

from framework import keras


class NoConfig(keras.regularizers.Regularizer):
    def __call__(self, x):
        return keras.ops.sum(x) * 0.0


class WithConfig(keras.regularizers.Regularizer):
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, x):
        return self.factor * keras.ops.sum(x)

    def get_config(self):
        return {'factor': self.factor}


def _refusal(regularizer, module=None):
    return re.escape('<%s.%s object at 0x' % (module or type(regularizer).__module__, type(regularizer).__name__)) \
        + '[0-9a-f]+' + re.escape('> does not implement get_config()')


def test_base_and_subclass_without_config_refuse():
    # a user's class prints with its own module; Keras's base class with Keras's (fitlogs: TF 2.21 printed
    # '<keras.src.regularizers.regularizers.Regularizer object at 0x...>')
    for regularizer, module in ((NoConfig(), None), (keras.regularizers.Regularizer(), 'keras.src.regularizers.regularizers')):
        with pytest.raises(NotImplementedError, match='^' + _refusal(regularizer, module) + '$'):
            regularizer.get_config()
        if module is None:
            assert repr(regularizer) == object.__repr__(regularizer)
        assert str(regularizer) == repr(regularizer)


def test_penalty_still_computed_without_config():
    # TF: float(r(np.ones((2, 2), 'float32'))) prints 0.0 for both
    assert float(NoConfig()(np.ones((2, 2), 'float32'))) == 0.0
    assert keras.regularizers.Regularizer()(np.ones((2, 2), 'float32')) == 0.0


def test_serializing_a_layer_or_model_refuses(tmp_path):
    regularizer = NoConfig()
    dense = keras.layers.Dense(2, kernel_regularizer=regularizer)
    with pytest.raises(NotImplementedError, match=_refusal(regularizer)):
        dense.get_config()
    with pytest.raises(NotImplementedError, match=_refusal(regularizer)):
        keras.regularizers.serialize(regularizer)
    model = keras.Sequential([keras.Input((3,)), dense])
    with pytest.raises(NotImplementedError, match=_refusal(regularizer)):
        model.save(str(tmp_path / 'm.keras'))


def test_subclass_with_config_and_built_ins_serialize():
    config = keras.layers.Dense(2, kernel_regularizer=WithConfig(0.5)).get_config()['kernel_regularizer']
    assert config['class_name'] == 'WithConfig' and config['config'] == {'factor': 0.5}
    # TF 2.21: L2(0.01) {'l2': 0.01}; L1(0.1) {'l1': 0.10000000149011612}; L1L2(0.1, 0.2); Orthogonal()
    assert keras.regularizers.L2(0.01).get_config() == {'l2': 0.01}
    assert keras.regularizers.L1(0.1).get_config() == {'l1': 0.10000000149011612}
    assert keras.regularizers.L1L2(0.1, 0.2).get_config() == {'l1': 0.1, 'l2': 0.2}
    assert keras.regularizers.OrthogonalRegularizer().get_config() == {'factor': 0.009999999776482582,
                                                                      'mode': 'rows'}
    # Keras 3's regularizers print as plain objects (no config in their repr)
    assert repr(keras.regularizers.L2(0.01)).startswith('<') and ' object at 0x' in repr(keras.regularizers.L2())
