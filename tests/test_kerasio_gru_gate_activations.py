"""GRU puts its update and reset gates through the recurrent activation one at a time, as Keras 3's
GRUCell does. TF's CPU kernels round a tensor's first size - size % 8 values in packets of 8 and
the rest with the scalar function, so sigmoid over z and r together ((batch, 2 * units)) gave
other last bits than sigmoid over each (found porting keras.io examples to GRU).

Golden values: this program under /opt/tfref/bin/python (Keras 3.15.1, TF 2.21), the last step's
outputs printed as `.view(np.uint32).tolist()`.
"""
import numpy as np
import pytest

from framework import keras

LAST_STEP_BITS = {
    'reset_after': [[3198058777, 1062762238], [3196154762, 1063196875]],
    'reset_before': [[1049824482, 1057228878], [1062217767, 1034371633]],
}


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives other last bits, and tapeflow there (its cells' products
# in TF's Eigen order since eigen_avx2_product.py) others again: epyc2's report (notes/progs/epyc2/cmpv.sh)
@pytest.mark.avx512_bits
def test_both_gru_variants_have_tf_bits():
    rng = np.random.RandomState(5)
    x = rng.normal(size=(2, 6, 3)).astype('float32')
    for key, kwargs in (('reset_after', {}), ('reset_before', {'reset_after': False})):
        layer = keras.layers.GRU(2, return_sequences=True, **kwargs)
        layer.build((None, 6, 3))
        layer.set_weights([rng.normal(size=w.shape).astype('float32') for w in layer.weights])
        assert np.asarray(layer(x))[:, -1].view(np.uint32).tolist() == LAST_STEP_BITS[key], key
