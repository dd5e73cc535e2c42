"""TF 2.21's eager op wrappers end a kernel error with ' name: ' and the name the caller gave
(ops.raise_from_not_ok_status appends str(name)): tf.math.acos(int_tensor, name='NM') fails
'... [Op:Acos] name: NM'; tapeflow printed an empty tail whatever the name. Where TF's function hands
its name to the kernel that fails (a generated wrapper or a thin one over it) the tail now gives it;
functions TF composes of several ops (tf.norm, tf.math.reduce_std, tf.strings.unicode_decode) hand
their ops no name and keep the empty tail. Probes: /work/notes/progs/errors54/nm.py, st.py, fl.py."""
import numpy as np
import pytest

import framework as tf


def _ints():
    return tf.constant([1, 2])


def _floats():
    return tf.constant([1., 2.])


def _bools():
    return tf.constant([True])


def _strings():
    return tf.constant(['a'])


# (function, its arguments, the kernel TF 2.21 names): TF 2.21 gives '[Op:<kernel>] name: NM' for each
_NAMED = [
    (lambda: tf.math.acos, lambda: (_ints(),), 'Acos'),
    (lambda: tf.sqrt, lambda: (_bools(),), 'Sqrt'),
    (lambda: tf.square, lambda: (_bools(),), 'Square'),
    (lambda: tf.math.erfc, lambda: (_ints(),), 'Erfc'),
    (lambda: tf.equal, lambda: (_ints(), _floats()), 'Equal'),
    (lambda: tf.argmin, lambda: (_ints(), _floats()), 'ArgMin'),
    (lambda: tf.reduce_all, lambda: (_ints(),), 'All'),
    (lambda: tf.math.logical_not, lambda: (_ints(),), 'LogicalNot'),
    (lambda: tf.math.logical_and, lambda: (_ints(), _floats()), 'LogicalAnd'),
    (lambda: tf.reduce_sum, lambda: (_strings(), _strings()), 'Sum'),
    (lambda: tf.reduce_max, lambda: (_strings(), _strings()), 'Max'),
    (lambda: tf.reduce_mean, lambda: (_bools(),), 'Mean'),
    (lambda: tf.reduce_prod, lambda: (_bools(),), 'Prod'),
    (lambda: tf.math.reduce_euclidean_norm, lambda: (_strings(), _strings()), 'EuclideanNorm'),
    (lambda: tf.nn.relu, lambda: (_bools(),), 'Relu'),
    (lambda: tf.nn.softmax, lambda: (_ints(),), 'Softmax'),
    (lambda: tf.math.log_softmax, lambda: (_ints(),), 'LogSoftmax'),
    (lambda: tf.nn.elu, lambda: (_ints(),), 'Elu'),
    (lambda: tf.nn.selu, lambda: (_ints(),), 'Selu'),
    (lambda: tf.math.softsign, lambda: (_ints(),), 'Softsign'),
    (lambda: tf.multiply, lambda: (_strings(), _strings()), 'Mul'),
    (lambda: tf.subtract, lambda: (_ints(), _floats()), 'Sub'),
    (lambda: tf.maximum, lambda: (_ints(), _floats()), 'Maximum'),
    (lambda: tf.math.negative, lambda: (_bools(),), 'Neg'),
    (lambda: tf.math.floormod, lambda: (_strings(), _strings()), 'FloorMod'),
    (lambda: tf.truncatediv, lambda: (_ints(), _floats()), 'TruncateDiv'),
    (lambda: tf.math.squared_difference, lambda: (_ints(), _floats()), 'SquaredDifference'),
    (lambda: tf.math.xlogy, lambda: (_ints(), _floats()), 'Xlogy'),
    (lambda: tf.math.add_n, lambda: ('abc',), 'AddN'),
    (lambda: tf.math.igamma, lambda: (_ints(), _floats()), 'Igamma'),
    (lambda: tf.math.zeta, lambda: (_ints(), _floats()), 'Zeta'),
    (lambda: tf.math.lgamma, lambda: (_ints(),), 'Lgamma'),
    (lambda: tf.math.digamma, lambda: (_ints(),), 'Digamma'),
    (lambda: tf.atan2, lambda: (_ints(), _floats()), 'Atan2'),
    (lambda: tf.math.rint, lambda: (_ints(),), 'Rint'),
    (lambda: tf.math.invert_permutation, lambda: (_bools(),), 'InvertPermutation'),
    (lambda: tf.math.segment_sum, lambda: (_ints(), _floats()), 'SegmentSum'),
    (lambda: tf.math.segment_prod, lambda: (_strings(), _strings()), 'SegmentProd'),
    (lambda: tf.math.top_k, lambda: (_ints(), _floats()), 'TopKV2'),
    (lambda: tf.bitwise.bitwise_and, lambda: (_ints(), _floats()), 'BitwiseAnd'),
    (lambda: tf.linalg.cholesky, lambda: (_ints(),), 'Cholesky'),
    (lambda: tf.linalg.det, lambda: (_ints(),), 'MatrixDeterminant'),
    (lambda: tf.linalg.inv, lambda: (_ints(),), 'MatrixInverse'),
    (lambda: tf.linalg.slogdet, lambda: (_ints(),), 'LogMatrixDeterminant'),
    (lambda: tf.linalg.solve, lambda: (_ints(), _floats()), 'MatrixSolve'),
    (lambda: tf.linalg.svd, lambda: (_ints(),), 'Svd'),
    (lambda: tf.linalg.logm, lambda: (_ints(),), 'MatrixLogarithm'),
    (lambda: tf.linalg.tensor_diag_part, lambda: (_bools(),), 'DiagPart'),
    (lambda: tf.signal.fft, lambda: (_ints(),), 'FFT'),
    (lambda: tf.image.rgb_to_hsv, lambda: (_ints(),), 'RGBToHSV'),
    (lambda: tf.reshape, lambda: (_ints(), _floats()), 'Reshape'),
    (lambda: tf.tile, lambda: (_ints(), _floats()), 'Tile'),
    (lambda: tf.broadcast_to, lambda: (_ints(), _floats()), 'BroadcastTo'),
    (lambda: tf.expand_dims, lambda: (_ints(), _floats()), 'ExpandDims'),
    (lambda: tf.pad, lambda: (_ints(), _floats()), 'Pad'),
    (lambda: tf.reverse, lambda: (_ints(), _floats()), 'ReverseV2'),
    (lambda: tf.gather, lambda: (_ints(), _floats()), 'GatherV2'),
    (lambda: tf.gather_nd, lambda: (_ints(), _floats()), 'GatherNd'),
    (lambda: tf.searchsorted, lambda: (_ints(), _floats()), 'LowerBound'),
    (lambda: tf.unravel_index, lambda: (_ints(), _floats()), 'UnravelIndex'),
    (lambda: tf.fill, lambda: (_ints(), _floats()), 'Fill'),
    (lambda: tf.nn.l2_loss, lambda: (_ints(),), 'L2Loss'),
    (lambda: tf.strings.length, lambda: (_ints(),), 'StringLength'),
    (lambda: tf.strings.upper, lambda: (_bools(),), 'StringUpper'),
    (lambda: tf.strings.to_number, lambda: (_ints(),), 'StringToNumber'),
    (lambda: tf.strings.regex_full_match, lambda: (_ints(), _floats()), 'RegexFullMatch'),
    (lambda: tf.strings.regex_replace, lambda: (_ints(), 'a', 'b'), 'StaticRegexReplace'),
    (lambda: tf.strings.substr, lambda: (_ints(), 0, 1), 'Substr'),
    (lambda: tf.strings.to_hash_bucket_fast, lambda: (_ints(), 3), 'StringToHashBucketFast'),
    (lambda: tf.strings.reduce_join, lambda: (_ints(),), 'ReduceJoin'),
    (lambda: tf.strings.unicode_script, lambda: (_bools(),), 'UnicodeScript'),
]


@pytest.mark.parametrize('function, arguments, kernel', _NAMED, ids=[case[2] for case in _NAMED])
def test_the_given_name_ends_the_kernel_error(function, arguments, kernel):
    with pytest.raises(tf.errors.OpError) as info:
        function()(*arguments(), name='NM')
    assert str(info.value).endswith('[Op:%s] name: NM' % kernel)      # TF 2.21's tail
    with pytest.raises(tf.errors.OpError) as info:          # no name: the empty tail, as before
        function()(*arguments())
    assert str(info.value).endswith('[Op:%s] name: ' % kernel)


def test_the_tail_prints_str_of_the_name():
    # TF 2.21: '[Op:Acos] name: 5', the tensor's str, and the empty tail for '' and None
    for name, tail in ((5, '5'), (tf.constant([1., 2.]), 'tf.Tensor([1. 2.], shape=(2,), dtype=float32)'),
                       ('', ''), (None, '')):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.math.acos(_ints(), name=name)
        assert str(info.value).endswith('[Op:Acos] name: ' + tail)
    # a positional name (the sweep's second argument lands there)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.math.cos(_ints(), 'given')
    assert str(info.value).endswith('[Op:Cos] name: given')
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.math.igamma(_ints(), _floats(), 'given')             # through named_errors' positional lookup
    assert str(info.value).endswith('[Op:Igamma] name: given')


def test_the_class_and_notes_are_kept():
    with pytest.raises(tf.errors.NotFoundError) as info:        # TF 2.21: RealDiv has no int32 kernel
        tf.realdiv(_ints(), _floats(), name='NM')
    assert str(info.value).endswith('[Op:RealDiv] name: NM')
    assert info.value.message == str(info.value)


@pytest.mark.parametrize('function, arguments, kernel', [
    (lambda: tf.norm, lambda: (_ints(),), 'Sqrt'),
    (lambda: tf.math.reduce_std, lambda: (_bools(),), 'Mean'),
    (lambda: tf.math.l2_normalize, lambda: (_bools(),), 'Square'),
    (lambda: tf.math.reduce_variance, lambda: (_bools(),), 'Mean'),
    (lambda: tf.nn.bias_add, lambda: (_ints(), _floats()), 'BiasAdd'),
    (lambda: tf.math.cumulative_logsumexp, lambda: (_ints(),), 'CumulativeLogsumexp'),
    (lambda: tf.math.bessel_i0, lambda: (_ints(),), 'BesselI0'),
    (lambda: tf.range, lambda: (_ints(),), 'Range'),
    (lambda: tf.one_hot, lambda: (_ints(), _floats()), 'OneHot'),
    (lambda: tf.strings.unicode_decode, lambda: (_ints(), 'UTF-8'), 'UnicodeDecode'),
    (lambda: tf.strings.unicode_split, lambda: (_ints(), 'UTF-8'), 'UnicodeDecode'),
], ids=['norm', 'reduce_std', 'l2_normalize', 'reduce_variance', 'bias_add', 'cumulative_logsumexp', 'bessel_i0',
        'range', 'one_hot', 'unicode_decode', 'unicode_split'])
def test_composed_functions_hand_their_kernels_no_name(function, arguments, kernel):
    # TF 2.21 gives '[Op:<kernel>] name: ' with name='NM' given
    with pytest.raises(tf.errors.OpError) as info:
        function()(*arguments(), name='NM')
    assert str(info.value).endswith('[Op:%s] name: ' % kernel)


def test_diag_part_names_its_kernel_diag_part_by_default():
    # TF 2.21's tf.linalg.diag_part(input, name='diag_part', ...): 'name: diag_part' unless another is given
    import inspect
    assert inspect.signature(tf.linalg.diag_part).parameters['name'].default == 'diag_part'
    for kwargs, tail in (({}, 'diag_part'), ({'name': 'NM'}, 'NM'), ({'name': None}, '')):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.linalg.diag_part(_ints(), **kwargs)
        assert str(info.value).endswith('input must be at least 2-dim, received shape: [2] '
                                        '[Op:MatrixDiagPartV3] name: ' + tail)


def test_fill_of_a_vector_value_has_the_fast_paths_tail():
    # TF 2.21: Fill's 'value must represent a scalar' ends ' name: ' (and the name) where the dims and
    # value are tensors or arrays; a Python list among them is the slow path, without the tail
    for value in (_floats(), np.array([1., 2.])):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.fill(_ints(), value)
        assert str(info.value).endswith('value must represent a scalar, got shape [2] [Op:Fill] name: ')
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.fill(_ints(), value, name='NM')
        assert str(info.value).endswith('value must represent a scalar, got shape [2] [Op:Fill] name: NM')
    for dims, value in (([1, 2], _floats()), (_ints(), [1., 2.])):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.fill(dims, value, name='NM')
        assert str(info.value).endswith('value must represent a scalar, got shape [2] [Op:Fill]')
