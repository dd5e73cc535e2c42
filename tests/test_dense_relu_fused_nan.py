"""Dense(activation='relu') in fit / evaluate / predict on data with a NaN row, as TF 2.21 runs it on x86:
its graph fuses MatMul + BiasAdd + Relu into one oneDNN kernel, whose relu makes a NaN 0, so the loss
stays finite (tapeflow's eager relu kept the NaN: loss nan). An eager call keeps the NaN, as TF's.
Values printed by TF 2.21 (notes/progs/me27/nanrelu.py; reported by callbacks2)."""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def test_a_nan_row_through_a_fused_relu_keeps_the_loss_finite():
    keras.utils.set_random_seed(2)
    x = np.random.rand(40, 4).astype("float32")
    y = (x.sum(1) > 2).astype("float32")
    x[3] = np.nan
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4, activation="relu"),
                              keras.layers.Dense(1, activation="sigmoid")])
    model.compile(keras.optimizers.SGD(0.3), "binary_crossentropy", metrics=["accuracy"])
    history = model.fit(x, y, epochs=2, batch_size=10, verbose=0)
    assert history.history == {'accuracy': [0.375, 0.550000011920929], 'loss': [0.7262786626815796, 0.6962181329727173]}
    assert model.predict(x[:5], verbose=0).tolist() == [[0.4829123616218567]] * 5
    assert model.evaluate(x, y, verbose=0) == [0.6903126835823059, 0.550000011920929]
    assert np.isnan(model(x[:5]).numpy()).all()
