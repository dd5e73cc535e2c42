"""Three compiled losses add in a traced step as TF 2.21's grappler adds Keras's ``sum(loss_values)``: one AddN
whose inputs are sorted by node name, a weighted loss being its 'compile_loss/Mul_<2i+1>' product and a loss of
weight 1 or None its own op ('compile_loss/mse/div_no_nan'), layers/training/compile_loss.py's _graph_sum.
Expected totals printed by TF 2.21's evaluate for the same program (/work/notes/progs/histories3/t2.py).
"""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

SIZES = [5, 17, 35, 41]
CASES = [
    ([2.0, 1.0, 0.5], ['0x1.0178d60000000p+2', '0x1.0457880000000p+2', '0x1.20b49c0000000p+2',
                       '0x1.20ad520000000p+2']),
    ([0.3, 1.0, 1.0], ['0x1.ef0f000000000p+0', '0x1.f963ae0000000p+0', '0x1.4528d00000000p+1',
                       '0x1.4560e40000000p+1']),
    (None, ['0x1.7b78b40000000p+1', '0x1.7f65b80000000p+1', '0x1.c2f9280000000p+1', '0x1.c3ec040000000p+1']),
]


@pytest.mark.parametrize('loss_weights, expected', CASES)
def test_evaluate_total_adds_the_losses_in_node_name_order(loss_weights, expected):
    rs = np.random.RandomState(8)
    x = rs.normal(size=(64, 13)).astype('float32')
    ys = [rs.randint(0, 3, size=64), (x[:, :1] * 0.5).astype('float32'), (x[:, 2:3] > 0).astype('float32')]
    keras.utils.set_random_seed(17)
    i = keras.Input((13,))
    h = keras.layers.Dense(8, activation='relu')(i)
    outs = [keras.layers.Dense(3, activation='softmax', name='cls')(h), keras.layers.Dense(1, name='reg')(h),
            keras.layers.Dense(1, activation='sigmoid', name='bin')(h)]
    model = keras.Model(i, outs)
    model.compile(loss=['sparse_categorical_crossentropy', 'mse', 'binary_crossentropy'], loss_weights=loss_weights)
    totals = []
    for n in SIZES:
        logs = model.evaluate(x[:n], [y[:n] for y in ys], batch_size=n, verbose=0, return_dict=True)
        totals.append(float(np.float32(logs['loss'])).hex())
    assert totals == expected
