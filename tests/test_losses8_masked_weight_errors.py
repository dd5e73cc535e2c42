"""Sample weights of one value per sequence for masked (N, T) losses, in fit: TF 2.21's graph error.

Keras 3 multiplies the weights by the mask (Embedding(mask_zero=True) upstream) before the losses,
so the traced step refuses (N,) weights at that Mul, named in the loss's scope with the mask's
SelectV2. Goldens are the texts TF 2.21 printed for /work/notes/progs/losses8/p13.py (softmax
output) and p14.py (relu output); p15.py (10 samples in batches of 4) gave the run-time node names.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

# compile name -> the weights' Mul node in its scope (the same for a softmax and a relu output, but
# binary focal's clipped-log formula on a relu's probabilities, two Muls longer)
_RELU_MULS = {'binary_focal_crossentropy': 'mul_5'}
_MULS = {'log_cosh': 'mul_1', 'poisson': 'mul_1', 'kld': 'mul_1', 'msle': 'mul', 'mape': 'mul_1',
         'cosine_similarity': 'mul_3', 'hinge': 'mul_1', 'squared_hinge': 'mul_1', 'categorical_hinge': 'mul_2',
         'binary_focal_crossentropy': 'mul_3', 'categorical_focal_crossentropy': 'mul_3'}


def _fit(loss, activation, n=8):
    rng = np.random.RandomState(9)
    x, y = rng.randint(0, 6, (n, 5)), rng.rand(n, 5, 3).astype('float32')
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((5,)), keras.layers.Embedding(6, 4, mask_zero=True),
                              keras.layers.Dense(3, activation=activation)])
    model.compile(optimizer='sgd', loss=loss)
    model.fit(x, y, batch_size=4, epochs=1, verbose=0, sample_weight=np.ones(n, 'float32'))


@pytest.mark.parametrize('activation', ['softmax', 'relu'])
@pytest.mark.parametrize('loss', sorted(_MULS))
def test_weights_times_the_mask_is_the_graphs_value_error(loss, activation):
    with pytest.raises(ValueError) as caught:
        _fit(loss, activation)
    mul = _RELU_MULS.get(loss, _MULS[loss]) if activation == 'relu' else _MULS[loss]
    assert str(caught.value) == (
        "Dimensions must be equal, but are 4 and 5 for '{{node compile_loss/%s/%s}} = Mul[T=DT_FLOAT](data_2, "
        "compile_loss/%s/SelectV2)' with input shapes: [4], [4,5]." % (loss, mul, loss))


@pytest.mark.parametrize('loss', ['log_cosh', 'categorical_hinge', 'categorical_focal_crossentropy'])
def test_a_ragged_last_batch_names_the_same_mul_at_run(loss):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _fit(loss, 'softmax', n=10)
    text = str(caught.value)
    assert 'Incompatible shapes: [4] vs. [4,5]' in text
    assert '[[{{node compile_loss/%s/%s}}]]' % (loss, _MULS[loss]) in text
