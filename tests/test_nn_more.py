"""tf.nn's normalizations, crelu, depth/space moves and loss helpers against TensorFlow 2.21.

Golden values: each case run with /opt/tfref's tensorflow 2.21 on the same inputs
(helpers_fingerprints.arr: sin(arange * 0.7 + seed) * scale); the output's shape, its sum and its sum
weighted by cos(arange(size) * 0.37), printed with 8 significant digits.
"""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients
from helpers_fingerprints import arr, check_fingerprint

nn = tf.nn


X4 = arr((2, 3, 4, 8), 1)
CASES = {
    'lrn_default': lambda: nn.local_response_normalization(X4),
    'lrn_args': lambda: nn.lrn(X4, depth_radius=2, bias=0.5, alpha=0.3, beta=0.75),
    'batch_normalization': lambda: nn.batch_normalization(X4, arr((8,), 2), arr((8,), 3) ** 2, arr((8,), 4),
                                                          arr((8,), 5), 1e-3),
    'batch_normalization_none': lambda: nn.batch_normalization(X4, 0.2, 1.5, None, None, 0.01),
    'crelu': lambda: nn.crelu(X4),
    'crelu_axis1': lambda: nn.crelu(X4, axis=1),
    'depth_to_space': lambda: nn.depth_to_space(X4, 2),
    'space_to_depth': lambda: nn.space_to_depth(arr((2, 4, 6, 3), 6), 2),
    'weighted_ce': lambda: nn.weighted_cross_entropy_with_logits(np.abs(arr((3, 4), 7)), arr((3, 4), 8, 5.0), 2.5),
    'log_poisson': lambda: nn.log_poisson_loss(np.abs(arr((3, 4), 9, 4.0)), arr((3, 4), 10)),
    'log_poisson_full': lambda: nn.log_poisson_loss(np.abs(arr((3, 4), 9, 4.0)), arr((3, 4), 10),
                                                    compute_full_loss=True),
    'compute_average_loss': lambda: nn.compute_average_loss(arr((5, 3), 11), sample_weight=arr((5, 1), 12)),
    'compute_average_loss_global': lambda: nn.compute_average_loss(arr((5,), 13), global_batch_size=8),
    'scale_regularization_loss': lambda: nn.scale_regularization_loss([arr((), 14), arr((), 15)]),
    'zero_fraction': lambda: nn.zero_fraction(np.maximum(arr((4, 5), 16), 0)),
}
GOLDEN = {
    'lrn_default': ([2, 3, 4, 8], 1.1275102, 0.484332),
    'lrn_args': ([2, 3, 4, 8], 1.2098551, 1.0012589),
    'batch_normalization': ([2, 3, 4, 8], 315.8106, 4.0787002),
    'batch_normalization_none': ([2, 3, 4, 8], -29.119062, 0.36318569),
    'crelu': ([2, 3, 4, 16], 122.54943, 11.458717),
    'crelu_axis1': ([2, 6, 4, 8], 122.54943, 1.2458127),
    'depth_to_space': ([2, 6, 8, 2], 2.6178986, -0.57977793),
    'space_to_depth': ([2, 2, 3, 12], -0.18705281, -19.392404),
    'weighted_ce': ([3, 4], 33.221241, -8.6481574),
    'log_poisson': ([3, 4], 18.141887, 0.87059099),
    'log_poisson_full': ([3, 4], 34.303572, -2.9772168),
    'compute_average_loss': ([], 0.19780305, 0.19780305),
    'compute_average_loss_global': ([], 0.34638369, 0.34638369),
    'scale_regularization_loss': ([], 1.6408952, 1.6408952),
    'zero_fraction': ([], 0.60000002, 0.60000002),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_matches_tensorflow(name):
    check_fingerprint(CASES[name]().numpy(), GOLDEN[name], rtol=2e-6, atol=1e-6)


def test_space_to_depth_undoes_depth_to_space():
    np.testing.assert_array_equal(nn.space_to_depth(nn.depth_to_space(X4, 2), 2).numpy(), X4)


def test_zero_fraction_is_also_in_math():
    assert tf.math.zero_fraction is nn.zero_fraction
    assert float(tf.math.zero_fraction(np.array([0, 3, 0, 0]))) == 0.75


@pytest.mark.parametrize('f, inputs', [
    # (no lrn: TF 2.21's LRN refuses float64 tensors; tests/test_autodiff12_unregistered_second_order.py checks it)
    (lambda x, m, v, o, s: nn.batch_normalization(x, m, v, o, s, 1e-3),
     [arr((2, 3), 2), arr((3,), 3), arr((3,), 4) ** 2 + 0.5, arr((3,), 5), arr((3,), 6)]),
    (lambda x: nn.crelu(x), [arr((2, 3), 7) + 0.05]),
    (lambda x: nn.depth_to_space(x, 2), [arr((1, 2, 1, 8), 8)]),
    (lambda x: nn.space_to_depth(x, 2), [arr((1, 2, 4, 1), 9)]),
    (lambda z, x: nn.weighted_cross_entropy_with_logits(z, x, 2.5), [np.abs(arr((2, 3), 10)), arr((2, 3), 11, 3.0)]),
    (lambda z, c: nn.log_poisson_loss(z, c, compute_full_loss=True), [np.abs(arr((2, 3), 12, 4.0)), arr((2, 3), 13)]),
    # without sample_weight: TF 2.21 weighs in float32 (losses/util.py), which a float64 check cannot see through
    (lambda x: nn.compute_average_loss(x, global_batch_size=3), [arr((4, 2), 14)]),
])
def test_gradients_match_central_differences(f, inputs):
    check_gradients(f, inputs)


@pytest.mark.parametrize('call, error, message', [
    (lambda: nn.lrn(arr((2, 3), 1)), ValueError, 'in must be 4-dimensional'),     # the LRN kernel's text
    (lambda: nn.lrn(X4, depth_radius=-1), ValueError, 'depth_radius must be an int >= 0'),
    (lambda: nn.depth_to_space(arr((1, 2, 2, 6), 1), 2), ValueError, r'must divide by block_size \*\* 2 = 4'),
    (lambda: nn.space_to_depth(arr((1, 3, 2, 1), 1), 2), ValueError, 'height 3 and width 2 must divide by'),
    # TF 2.21 registers NHWC CPU kernels only: the kernel lookup's NotFoundError
    (lambda: nn.space_to_depth(X4, 2, data_format='NCHW'), tf.errors.NotFoundError,
     r'SpaceToDepth\[T=DT_FLOAT, block_size=2, data_format="NCHW"\]'),
    (lambda: nn.depth_to_space(X4, 1), ValueError, 'block_size must be an int >= 2'),
    (lambda: nn.weighted_cross_entropy_with_logits(arr((2,), 1), arr((3,), 1), 1.0), ValueError, 'same shape'),
    (lambda: nn.log_poisson_loss(arr((2,), 1), arr((3,), 1)), ValueError, 'log_poisson_loss: .*same shape'),
    # TF 2.21's texts (nn_impl_distribute; tests/test_handson7_parity_replica_loss.py)
    (lambda: nn.compute_average_loss(arr((), 1)), ValueError, 'Expected a tensor with at least rank 1'),
    (lambda: nn.compute_average_loss(arr((2,), 1), global_batch_size=2.5), TypeError, 'must be an integer'),
    (lambda: nn.crelu('x'), TypeError, 'crelu'),
])
def test_bad_input_names_the_op(call, error, message):
    with pytest.raises(error, match=message):
        call()


# ---- for tests/test_op_gradients.py and tests/test_bad_input_sweep.py -------------------------
COVERED_HERE = {'local_response_normalization', 'lrn', 'batch_normalization', 'crelu', 'depth_to_space',
                'space_to_depth', 'weighted_cross_entropy_with_logits', 'log_poisson_loss', 'compute_average_loss',
                'scale_regularization_loss', 'zero_fraction'}     # zero_fraction: no gradient, as TensorFlow
SWEEP_CALLS = {
    'local_response_normalization': ((arr((1, 2, 2, 4), 1),), {}),
    'lrn': ((arr((1, 2, 2, 4), 1), 1), {}),
    'batch_normalization': ((arr((2, 3), 1), arr((3,), 2), arr((3,), 3) ** 2, arr((3,), 4), arr((3,), 5), 1e-3), {}),
    'crelu': ((arr((2, 3), 1),), {}),
    'depth_to_space': ((arr((1, 2, 2, 4), 1), 2), {}),
    'space_to_depth': ((arr((1, 2, 2, 3), 1), 2), {}),
    'weighted_cross_entropy_with_logits': ((np.abs(arr((2, 3), 1)), arr((2, 3), 2), 2.0), {}),
    'log_poisson_loss': ((np.abs(arr((2, 3), 1)), arr((2, 3), 2)), {}),
    'compute_average_loss': ((arr((4, 2), 1),), {}),
    'scale_regularization_loss': ((arr((), 1),), {}),
    'zero_fraction': ((arr((2, 3), 1),), {}),
}
SWEEP_ANY_DTYPE = {'zero_fraction'}          # counts zeros of any numeric or boolean tensor
SWEEP_NONE_IS_VALID = {('batch_normalization', 3), ('batch_normalization', 4),     # no offset, no scale
                       ('lrn', 1)}     # TF 2.21's op wrapper reads depth_radius=None as its default 5
