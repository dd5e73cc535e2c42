"""Float64 tf.reduce_prod multiplies in TF 2.21's order: Eigen's packets of 4 doubles (bits printed by TF 2.21).

Four accumulators over blocks of 16, predux_mul (0*2)*(1*3), the tail from 1, tail * packet; numpy's
product gave another last bit (a whole 10-value product: ...ff21p-3 where TF prints ...ff1fp-3).
"""
import numpy as np
import pytest

import framework as tf

TF_VALUES = {
    4: (['0x1.764ea656407e7p-2', '0x1.4baa1bc7dca2ap-1'], '0x1.e4f069ea7ff1fp-3'),
    5: (['0x1.5c1b10740de63p-2', '0x1.0ef760b0552dbp-1'], '0x1.7074ecf1333c0p-3'),
    11: (['0x1.5e08ade523df7p-3', '0x1.8d5604af0b5afp-2'], '0x1.0fa4897f1ee45p-4'),
    16: (['0x1.a1ad377d0e31ep-4', '0x1.c9b4da6e122fep-2'], '0x1.7562a51d2ccfdp-5'),
    37: (['0x1.4af1f6e7a76edp-5', '0x1.05fc6826ea201p+3'], '0x1.52aefd8dd4a05p-2'),
}


@pytest.mark.parametrize('n', sorted(TF_VALUES))
def test_float64_rows_and_whole_products_carry_tf_bits(n):
    a = 0.55 + (np.arange(2 * n) * 0.37) % 1.1
    rows, whole = TF_VALUES[n]
    assert [float(v).hex() for v in tf.reduce_prod(a.reshape(2, n), axis=1).numpy()] == rows
    assert float(tf.reduce_prod(a).numpy()).hex() == whole
