"""An error raised inside tf.map_fn's fn comes out in AutoGraph's 'in user code:' words, as TF 2.21's map_fn
runs fn converted by AutoGraph (a kernel's error too); tf.scan keeps the error as it is (texts from TF 2.21)."""
import pytest

import framework as tf

ELEMS = [[1.0, 2.0], [3.0, 4.0]]


def raises_own_error(r):
    raise ValueError('my problem')


def adds_wrong_shape(r):
    return r + tf.constant([1.0, 2.0, 3.0])


def test_python_error_of_fn_is_in_user_code():
    with pytest.raises(ValueError) as info:
        tf.map_fn(raises_own_error, tf.constant(ELEMS))
    line = raises_own_error.__code__.co_firstlineno + 1
    assert str(info.value) == ('in user code:\n\n    File "%s", line %d, in raises_own_error  *\n'
                               "        raise ValueError('my problem')\n\n    ValueError: my problem\n"
                               % (__file__, line))


def test_kernel_error_of_fn_is_in_user_code_and_scan_keeps_it_plain():
    kernel_text = ('{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                   'Incompatible shapes: [2] vs. [3] [Op:AddV2] name: ')
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.map_fn(adds_wrong_shape, tf.constant(ELEMS))
    line = adds_wrong_shape.__code__.co_firstlineno + 1
    assert str(info.value) == ('in user code:\n\n    File "%s", line %d, in adds_wrong_shape  *\n'
                               '        return r + tf.constant([1.0, 2.0, 3.0])\n\n    InvalidArgumentError: %s\n'
                               % (__file__, line, kernel_text))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.scan(lambda a, r: adds_wrong_shape(r), tf.constant(ELEMS))
    assert str(info.value) == kernel_text


def test_fn_without_readable_source_keeps_the_plain_error():
    # AutoGraph cannot convert code run from a string, so TF runs it as it is
    namespace = {'tf': tf}
    exec(compile('f = lambda r: tf.reshape(r, [5])', '<generated>', 'exec'), namespace)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.map_fn(namespace['f'], tf.constant(ELEMS))
    assert str(info.value).startswith('{{function_node __wrapped__Reshape_device_')
