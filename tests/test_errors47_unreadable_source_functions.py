"""A tf.data stage function whose source cannot be read (code run by exec(), `python -c`) is run as it is, as TF
2.21's AutoGraph runs it when it cannot get the source: Python's own errors come plain, a tensor `if` is
OperatorNotAllowedInGraphError. tapeflow converted it anyway: 'in user code:' around
'outer_factory.<locals>.inner_factory.<locals>.<lambda>() missing ...', StagingError for a ZeroDivisionError, and
the tensor `if` ran. Probe /work/notes/progs/errors47/unreadable.py (TF 2.21 gives the texts below)."""
import numpy as np
import pytest

import framework as tf


def _run(source):
    exec(compile(source, '<string>', 'exec'), {'tf': tf, 'np': np})


@pytest.mark.parametrize('source, kind, text', [
    ('list(tf.data.Dataset.range(3).map(lambda a, b: a))', TypeError,
     "<lambda>() missing 1 required positional argument: 'b'"),
    ('list(tf.data.Dataset.from_tensor_slices((np.ones(3), np.ones(3))).map(lambda a: a))', TypeError,
     '<lambda>() takes 1 positional argument but 2 were given'),
    ('list(tf.data.Dataset.range(3).filter(lambda a, b: True))', TypeError,
     "<lambda>() missing 1 required positional argument: 'b'"),
    ('list(tf.data.Dataset.range(3).map(lambda x: 1 / 0))', ZeroDivisionError, 'division by zero'),
    ('tf.data.Dataset.range(3).reduce(0, lambda a, b: a + b)', TypeError,
     "Input 'y' of 'AddV2' Op has type int64 that does not match type int32 of argument 'x'."),
    ('def two(a, b):\n    return a\nlist(tf.data.Dataset.range(3).map(two))', TypeError,
     "two() missing 1 required positional argument: 'b'"),
])
def test_errors_come_plain(source, kind, text):
    with pytest.raises(kind) as info:
        _run(source)
    assert type(info.value) is kind and str(info.value) == text


@pytest.mark.parametrize('source', [
    'list(tf.data.Dataset.range(3).map(lambda x: x * 2 if x > 0 else x))',
    'def pos(x):\n    if x > 0:\n        return x\n    return -x\nlist(tf.data.Dataset.range(3).map(pos))',
])
def test_a_tensor_if_is_refused(source):
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError) as info:
        _run(source)
    assert str(info.value).startswith('Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. You can '
                                      'attempt the following resolutions to the problem')


def test_tf_cond_still_runs():
    namespace = {'tf': tf}
    exec(compile('out = [int(x) for x in tf.data.Dataset.range(3).map(lambda x: tf.cond(x > 0, lambda: x, '
                 'lambda: -x))]', '<string>', 'exec'), namespace)
    assert namespace['out'] == [0, 1, 2]         # TF 2.21: [0, 1, 2]


def test_a_readable_lambda_is_converted():
    # the same lambda in this file: AutoGraph converts it, and its call error is worded 'in user code:'
    with pytest.raises(TypeError) as info:
        list(tf.data.Dataset.range(3).map(lambda a, b: a))
    assert str(info.value).startswith('in user code:')
