"""tf.math.sobol_sample (framework/ops/sobol.py): TensorFlow 2.21's points and errors.

Golden values from /opt/tfref (TF 2.21): /work/notes/progs/missing/probe_special.py and tf_sobol_skip.py;
the whole 1111-dimension table was also compared there with TF's 64 first points (identical)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def test_first_points_match_tf():
    np.testing.assert_array_equal(tf.math.sobol_sample(3, 5).numpy(),
                                  [[0.5, 0.5, 0.5], [0.75, 0.25, 0.25], [0.25, 0.75, 0.75],
                                   [0.375, 0.375, 0.625], [0.875, 0.875, 0.125]])
    out = tf.math.sobol_sample(2, 4, skip=3, dtype=tf.float64)
    assert out.dtype == tf.float64 and out.shape == (4, 2)
    np.testing.assert_array_equal(out.numpy(), [[0.375, 0.375], [0.875, 0.875], [0.625, 0.125], [0.125, 0.625]])


def test_large_skip_uses_all_32_bits_and_rounds_float32_as_tf():
    wide = [[0.7258977368474007, 0.04243192821741104, 0.7564059123396873, 0.15878767520189285],
            [0.22589773684740067, 0.542431928217411, 0.25640591233968735, 0.6587876752018929],
            [0.16339773684740067, 0.47993192821741104, 0.8189059123396873, 0.9712876752018929]]
    single = [[0.7258977293968201, 0.04243192821741104, 0.7564058899879456, 0.15878766775131226],
              [0.22589772939682007, 0.5424319505691528, 0.25640591979026794, 0.6587876677513123],
              [0.16339772939682007, 0.47993192076683044, 0.8189058899879456, 0.9712876677513123]]
    np.testing.assert_array_equal(tf.math.sobol_sample(4, 3, skip=123456789, dtype=tf.float64).numpy(), wide)
    np.testing.assert_array_equal(tf.math.sobol_sample(4, 3, skip=123456789).numpy(), np.float32(single))


def test_last_dimension_of_the_table():
    # TF 2.21, dimension 1111 (column 1110) of the first 8 points
    column = tf.math.sobol_sample(1111, 8, dtype=tf.float64).numpy()[:, -1]
    assert column[0] == 0.5 and set(np.round(column * 16) % 1) == {0.0}
    assert len(set(column)) == 8


def test_scalar_tensor_arguments_as_tf():
    np.testing.assert_array_equal(tf.math.sobol_sample(tf.constant(2), tf.constant(2)).numpy(), [[0.5, 0.5], [0.75, 0.25]])


@pytest.mark.parametrize('kwargs, message', [
    (dict(dim=0, num_results=3), 'dim must be at least one'),
    (dict(dim=2, num_results=0), 'num_results must be at least one'),
    (dict(dim=2, num_results=3, skip=-1), 'skip must be non-negative'),
    (dict(dim=1112, num_results=1), 'dim must be at most 1111 in tapeflow'),
    (dict(dim=2, num_results=3, dtype=tf.int32), 'dtype must be float32 or float64, got int32'),
    (dict(dim=2, num_results=3, dtype=None), 'dtype must be float32 or float64, got None'),
])
def test_bad_arguments_raise_tf_errors(kwargs, message):
    with pytest.raises(InvalidArgumentError, match='sobol_sample: ' + message):
        tf.math.sobol_sample(**kwargs)


def test_float_dim_is_also_a_type_error_as_in_tf():
    # TF 2.21 converts dim to int32: TypeError 'Cannot convert 2.0 to EagerTensor of dtype int32'
    with pytest.raises(TypeError, match='^Cannot convert 2.0 to EagerTensor of dtype int32'):
        tf.math.sobol_sample(2.0, 3)


COVERED_HERE = {'sobol_sample'}
SWEEP_CALLS = {'sobol_sample': ((2, 3), {})}
