"""Dense(activation='silu') in a Keras train step: TF 2.21 fuses MatMul + BiasAdd + swish into oneDNN's kernel
there too (its values are oneDNN's swish; tf.nn.silu's custom gradient reads the pre-activation), so a fit's
history carries the fused values (layers/dense.py, framework/ops/fused_eltwise.fused_silu).

Golden bits from TF 2.21 (tensorflow-cpu on an AVX-512 Xeon, oneDNN on), /work/notes/progs/grid11/
t_silu_gold2.py: Dense(8, 'silu') -> Dense(1), mse, SGD(0.1), 64 rows in batches of 16, shuffle=False, the
weights drawn below; the loss history and the first kernel after 3 epochs (with Eigen's silu in the train
step, 2 of the 3 losses' bits and the kernel differed).
"""
import numpy as np
import pytest

from framework import keras, onednn_policy
from framework.ops import eigen_math

LOSSES = [1052437048, 1043142892, 1042047730]
KERNEL0 = [3206338644, 3207178530, 3195065710, 1068453113, 3176110865, 3205710234, 1057347799, 3204252147,
    1064469937, 1049746715, 1066128216, 3203362059, 1075165500, 1059131699, 1057768440, 3176383190,
    3204611296, 3206807872, 3187252088, 3205535448, 1042247509, 3207489149, 1057485569, 1061044164,
    3205369064, 1064775560, 3192496008, 1064746149, 1050558579, 1063544605, 3209234464, 3183775272,
    1066609249, 3204421647, 3218142945, 3217275023, 3221327668, 3218641733, 3198576837, 1065479721]

pytestmark = pytest.mark.skipif(not onednn_policy.enabled(), reason='TF fuses the swish only where it runs oneDNN')


@pytest.fixture
def exact_math():
    before = eigen_math.ENABLED[0]
    eigen_math.ENABLED[0] = True
    yield
    eigen_math.ENABLED[0] = before


def test_dense_silu_fit_takes_the_fused_swish(exact_math):
    keras.backend.clear_session()
    rng = np.random.RandomState(1)
    x = rng.rand(64, 5).astype('float32')
    y = rng.rand(64, 1).astype('float32')
    k0 = (rng.randn(5, 8) * 0.8).astype('float32')
    b0 = (rng.randn(8) * 0.3).astype('float32')
    k1 = (rng.randn(8, 1) * 0.8).astype('float32')
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation='silu'), keras.layers.Dense(1)])
    model.set_weights([k0, b0, k1, np.zeros(1, 'float32')])
    model.compile(keras.optimizers.SGD(0.1), 'mse')
    history = model.fit(x, y, batch_size=16, epochs=3, verbose=0, shuffle=False)
    assert np.float32(history.history['loss']).view(np.uint32).tolist() == LOSSES
    assert model.get_weights()[0].ravel().view(np.uint32).tolist() == KERNEL0
