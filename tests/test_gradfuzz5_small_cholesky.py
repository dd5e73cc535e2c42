"""tf.linalg.cholesky of small matrices carries TF 2.21's bits: Eigen's unblocked LLT order
(framework/ops/eigen_llt.py) where LAPACK's factor differed in the last bit (values printed by TF 2.21)."""
import numpy as np
import pytest

import framework as tf

TF_FACTORS = {
    'float32': ['0x1.4037080000000p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.bab9d40000000p-6',
                '0x1.25f9300000000p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.70b8500000000p-3', '-0x1.e27a500000000p-4',
                '0x1.26b0c20000000p+0', '0x0.0p+0', '0x1.b164b20000000p-2', '-0x1.22cc6c0000000p-5',
                '-0x1.1360280000000p-3', '0x1.241fc80000000p+0'],
    'float64': ['0x1.403708212188cp+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.bab9d7bb67437p-6',
                '0x1.25f92f1d734a0p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.70b850d480cd1p-3', '-0x1.e27a4f7349941p-4',
                '0x1.26b0c1f249960p+0', '0x0.0p+0', '0x1.b164b1c3aa7e4p-2', '-0x1.22cc6c5a9fd4ap-5',
                '-0x1.13602901ec010p-3', '0x1.241fc6fca0a0ep+0'],
}


@pytest.mark.parametrize('dtype', sorted(TF_FACTORS))
def test_four_by_four_factor_has_tf_bits(dtype):
    b = (np.arange(16).reshape(4, 4) * 0.37 % 1.1 - 0.5).astype(dtype)
    a = b @ b.T + np.eye(4, dtype=dtype)
    assert [float(v).hex() for v in tf.linalg.cholesky(a).numpy().ravel()] == TF_FACTORS[dtype]


def test_infinite_entries_give_tf_nans_and_batches_factor_each_matrix():
    inf = tf.linalg.cholesky(tf.constant([[np.inf, np.inf], [np.inf, np.inf]], tf.float64)).numpy()
    assert inf[0, 0] == np.inf and inf[0, 1] == 0 and np.isnan(inf[1]).all()      # LAPACK gave [[inf, 0], [0, inf]]
    batch = tf.linalg.cholesky(tf.constant([[[4., 2.], [2., 3.]], [[1., 0.], [0., 1.]]])).numpy()
    assert batch.tolist() == [[[2.0, 0.0], [1.0, 1.4142135381698608]], [[1.0, 0.0], [0.0, 1.0]]]
