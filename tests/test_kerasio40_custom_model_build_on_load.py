"""A loaded custom Model with its own build() is built as Keras 3's Model.build_from_config builds it.

TF 2.21 (Keras 3.15) calls ``build(config['input_shape'])`` with the shape as config.json holds it, a
list, and a build that raises is only warned about (the model is marked built and loads). Golden texts
printed by TF 2.21 with /work/notes/progs/kerasio40/p5.py, p6.py, p7.py, e.g.::

    n = Net(); n(np.ones((2, 3))); n.save('n.keras')
    keras.models.load_model('n.keras', custom_objects={'Net': Net})   # Net.build list [2, 3]
"""
import warnings

import numpy as np
import pytest

from framework import keras

L = keras.layers
CANNOT_BUILD = ("Model '%s' had a build config, but the model cannot be built automatically in "
                "`build_from_config(config)`. You should implement `def build_from_config(self, config)`, and you "
                "might also want to implement the method  that generates the config at saving time, "
                "`def get_build_config(self)`. The method `build_from_config()` is meant to create the state of "
                "the model (i.e. its variables) upon deserialization.")


class Net(keras.Model):
    """Records the shapes its build is given; with ``fail``, refuses any shape but a tuple."""

    def __init__(self, fail=False, **kwargs):
        super().__init__(**kwargs)
        self.fail = fail
        self.seen = []
        self.d = L.Dense(2, kernel_initializer='ones')

    def build(self, input_shape):
        self.seen.append(input_shape)
        if self.fail and not isinstance(input_shape, tuple):
            raise ValueError('cannot build from %r' % (input_shape,))
        self.d.build(input_shape)

    def call(self, x):
        return self.d(x)

    def get_config(self):
        return {**super().get_config(), 'fail': self.fail}


def _saved(tmp_path, fail):
    net = Net(fail=fail)
    net(np.ones((2, 3), 'float32'))
    path = str(tmp_path / 'n.keras')
    net.save(path)
    return net, path


@pytest.mark.parametrize('how', ['load_model', 'model_from_json'])
def test_build_gets_the_saved_list(tmp_path, how):
    net, path = _saved(tmp_path, fail=False)
    with keras.utils.custom_object_scope({'Net': Net}):
        loaded = keras.models.load_model(path) if how == 'load_model' else keras.models.model_from_json(net.to_json())
    # TF 2.21: "Net.build list [2, 3]"; get_build_config() {'input_shape': [2, 3]}
    assert loaded.seen == [[2, 3]] and type(loaded.seen[0]) is list
    assert loaded.get_build_config() == {'input_shape': [2, 3]}
    assert loaded.built and [tuple(w.shape) for w in loaded.weights] == [(3, 2), (2,)]


def test_a_build_that_raises_is_warned_about_and_the_model_loads(tmp_path):
    keras.backend.clear_session()
    net, path = _saved(tmp_path, fail=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        loaded = keras.models.load_model(path, custom_objects={'Net': Net})
    assert [str(w.message) for w in caught if 'had a build config' in str(w.message)] == [CANNOT_BUILD % 'net']
    # TF 2.21: built True, the Dense unbuilt, no weights, the build config kept as saved
    assert loaded.built and not loaded.d.built and loaded.weights == []
    assert loaded.get_build_config() == {'input_shape': [2, 3]}


def test_a_nested_model_whose_build_raises_loads_inside_a_functional_model(tmp_path):
    keras.backend.clear_session()
    inputs = keras.Input((3,))
    outer = keras.Model(inputs, L.Dense(1)(Net(fail=True, name='inner')(inputs)))
    path = str(tmp_path / 'f.keras')
    outer.save(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        loaded = keras.models.load_model(path, custom_objects={'Net': Net})
    assert [str(w.message) for w in caught if 'had a build config' in str(w.message)] == [CANNOT_BUILD % 'inner']
    # TF 2.21: the functional rebuild's call builds the Dense; build config [None, 3]; 4 weights
    assert loaded.layers[1].get_build_config() == {'input_shape': [None, 3]}
    assert len(loaded.weights) == 4
