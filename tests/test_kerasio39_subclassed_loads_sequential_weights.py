"""A subclassed model loads the .weights.h5 / .keras file of a Sequential or functional model holding
the same layers, as in TF 2.21 / Keras 3.15: its loader retries a layer that failed at its attribute's
path ('first/vars') where the model's ``layers`` property reaches it again ('layers/dense'), which is
where a Sequential's file keeps it. Texts below were printed by TF 2.21 (notes progs/kerasio39/p2.py,
p3.py)."""
import warnings

import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras

L = keras.layers
X = np.linspace(-1, 1, 15, dtype='float32').reshape(5, 3)


class Two(keras.Model):
    """Attributes sorted before 'layers' ('first') and after it ('second')."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.first = L.Dense(4)
        self.second = L.Dense(2)

    def call(self, x):
        return self.second(self.first(x))


class Sub(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d1 = L.Dense(4, name='d1')
        self.bn = L.BatchNormalization()
        self.blocks = [L.Dense(3), L.Dense(2)]

    def call(self, x, training=False):
        h = self.bn(self.d1(x), training=training)
        for block in self.blocks:
            h = block(h)
        return h


def _sequential():
    keras.utils.set_random_seed(3)
    return keras.Sequential([keras.Input((3,)), L.Dense(4), L.Dense(2)])


@pytest.mark.parametrize('name', ['s.weights.h5', 's.keras'])
def test_subclassed_model_loads_a_sequential_file(tmp_path, name):
    seq = _sequential()
    (seq.save_weights if name.endswith('.h5') else seq.save)(tmp_path / name)
    model = Two()
    model(X)
    model.load_weights(tmp_path / name)       # TF 2.21: loads, no warning
    np.testing.assert_array_equal(model(X).numpy(), seq(X).numpy())


def test_subclassed_model_loads_a_functional_file_and_its_optimizer(tmp_path):
    keras.utils.set_random_seed(4)
    inputs = keras.Input((3,))
    source = keras.Model(inputs, L.Dense(2)(L.Dense(4)(inputs)))
    source.compile(optimizer='adam', loss='mse')
    source.fit(X, np.ones((5, 2)), epochs=2, verbose=0)
    source.save_weights(tmp_path / 'f.weights.h5')
    model = Two()
    model.compile(optimizer='adam', loss='mse')
    model(X)
    model.optimizer.build(model.trainable_variables)
    model.load_weights(tmp_path / 'f.weights.h5')
    np.testing.assert_array_equal(model(X).numpy(), source(X).numpy())
    assert int(model.optimizer.iterations.numpy()) == 2       # TF 2.21: 2


def test_retry_reads_the_file_where_it_holds_the_layer(tmp_path):
    """d1 fails at 'd1', loads at 'layers/dense'; blocks[0] fails again at 'layers/dense_1' (the
    file's second Dense, of another shape): Keras's error keeps that last text, lists 3 objects."""
    keras.backend.clear_session()
    seq = _sequential()
    seq.save_weights(tmp_path / 's.weights.h5')
    model = Sub()
    model(X)
    names = [model.blocks[0].name, model.blocks[1].name, model.bn.name]
    with pytest.raises(ValueError) as info:
        model.load_weights(tmp_path / 's.weights.h5')
    text = str(info.value)
    assert text.startswith(
        'A total of 3 objects could not be loaded. Example error message for object <Dense name=%s, built=True>:'
        '\n\nThe shape of the target variable and the shape of the target value in `variable.assign(value)` must '
        'match. variable.shape=(4, 3), Received: value.shape=(4, 2).' % names[0])
    assert text.endswith('List of objects that could not be loaded:\n[<Dense name=%s, built=True>, <Dense name=%s, '
                         'built=True>, <BatchNormalization name=%s, built=True>]' % tuple(names))
    d1_before = model.d1.kernel.numpy().copy()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model.load_weights(tmp_path / 's.weights.h5', skip_mismatch=True)
    assert [str(w.message) for w in caught if w.category is UserWarning] == [text]
    np.testing.assert_array_equal(model.d1.kernel.numpy(), seq.layers[0].kernel.numpy())
    assert not np.array_equal(d1_before, seq.layers[0].kernel.numpy())

