"""The shortcuts that keep the seed custom loop's step fast give what the plain code gives.

Each test pins one equivalence a speed change relies on (see the comments at
the shortcuts), on cases where getting it wrong would show.
"""
import numpy as np
import pytest

import layers
from layers import Dense, Layer, Sequential, regularizers, tracking


@pytest.fixture(autouse=True)
def fresh_names():
    layers.reset_names()
    yield


class Block(Layer):
    """Sublayers in a list, one of them shared with the enclosing model."""

    def __init__(self, shared, **kwargs):
        super().__init__(**kwargs)
        self.inner = [Dense(3, kernel_regularizer='l2', bias_regularizer='l1'), shared]
        self.extra = Dense(2, kernel_regularizer=regularizers.l2(0.3))

    def build(self, input_shape):
        self.scale = self.add_weight(shape=(), initializer='ones', regularizer='l1', name='scale')
        self.frozen = self.add_weight(shape=(), initializer='ones', trainable=False, name='frozen')
        super().build(input_shape)

    def call(self, x):
        for layer in self.inner:
            x = layer(x)
        return self.extra(x) * self.scale


def nested_model():
    shared = Dense(3, kernel_regularizer='l2')
    model = Sequential([Dense(3, kernel_regularizer='l1'), shared, Block(shared),
                        Dense(1, kernel_regularizer='l2', bias_regularizer='l2')])
    model(np.ones((2, 4), np.float32))
    return model


def frozen_middle():
    model = nested_model()
    model.layers[2].inner[0].trainable = False
    return model


def variable_made_trainable():
    model = nested_model()
    model.layers[2].frozen.trainable = True        # a non-trainable-created variable that trains
    return model


@pytest.mark.parametrize('make', [nested_model, frozen_middle, variable_made_trainable])
def test_losses_walk_gives_trainable_weights_in_their_order(make):
    model = make()
    walked = model._trainable_weights_of([model] + tracking.all_sublayers(model))
    assert [id(v) for v in walked] == [id(v) for v in model.trainable_weights]


@pytest.mark.parametrize('make', [nested_model, frozen_middle, variable_made_trainable])
def test_losses_add_one_penalty_per_regularized_trainable_weight_in_weight_order(make):
    model = make()
    regularized = {}
    for layer in [model] + tracking.all_sublayers(model):
        regularized.update(layer._regularizers)
    expected = [float(regularized[v](v)) for v in model.trainable_weights if v in regularized]
    assert [float(loss) for loss in model.losses] == expected
    assert len(expected) >= 6


def test_frozen_model_has_no_penalties():
    model = nested_model()
    model.trainable = False
    assert model.losses == []


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64'])
@pytest.mark.parametrize('total, count', [(0.0, 0.0), (3.0, 0.0), (-0.0, -0.0), (np.inf, 0.0), (np.nan, 0.0),
                                          (1.0, 3.0), (-2.5, 7.0), (np.inf, 2.0), (1.0, np.nan), (5.0, -0.0)])
def test_mean_result_is_divide_no_nan_of_its_state(dtype, total, count):
    from framework.metrics import Mean
    metric = Mean(dtype=dtype)
    metric.total._data[...] = total
    metric.count._data[...] = count
    kind = np.dtype(dtype).type
    with np.errstate(all='ignore'):
        expected = kind(0) if kind(count) == 0 else kind(total) / kind(count)
    result = metric.result()
    assert result.dtype == np.dtype(dtype) and result._data.shape == ()
    np.testing.assert_array_equal(result._data, np.asarray(expected, dtype))
