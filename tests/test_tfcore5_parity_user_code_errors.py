"""An error raised while a tf.function traces comes out as TensorFlow 2.21's autograph raises it:
the same class, 'in user code:', the user's frames marked '  *' and the original message
indented (progs/tfcore5/c08_usercode.py under /opt/tfref)."""
import pytest

import framework as tf


def _helper(x):
    if x.shape[0] == 2:
        raise KeyError('helper key')
    return x


@tf.function
def _calls_helper(x):
    return _helper(x)


@tf.function
def _raises(x):
    raise ValueError('boom')


def test_the_message_lists_the_user_frames_and_the_cause():
    with pytest.raises(ValueError) as err:
        _raises(tf.constant([1.0, 2.0]))
    assert str(err.value) == ('in user code:\n\n    File "%s", line %d, in _raises  *\n'
                              "        raise ValueError('boom')\n\n    ValueError: boom\n"
                              % (__file__, _raises.python_function.__code__.co_firstlineno + 2))


def test_a_key_error_keeps_its_class_and_prints_unquoted():
    with pytest.raises(KeyError) as err:
        _calls_helper(tf.constant([1.0, 2.0]))
    lines = str(err.value).splitlines()
    assert lines[0] == 'in user code:'
    assert [line.split(', in ')[-1] for line in lines if line.startswith('    File')] == [
        '_calls_helper  *', '_helper  *']
    assert lines[-1] == "    KeyError: 'helper key'"


def test_classes_without_a_message_constructor_become_staging_errors_and_kernel_errors_stay():
    class Err(Exception):
        def __init__(self, a, b):
            super().__init__(a, b)

    @tf.function
    def custom(x):
        raise Err(1, 2)

    # TF 2.21 (progs/tutorials28/staging3.py): AutoGraph cannot rebuild Err from one message, so it raises
    # its StagingError with the 'in user code:' text (this test expected Err itself before)
    with pytest.raises(Exception) as err:
        custom(tf.constant(1.0))
    assert type(err.value).__name__ == 'StagingError' and not isinstance(err.value, Err)
    assert str(err.value) == ('in user code:\n\n    File "%s", line %d, in custom  *\n        raise Err(1, 2)\n\n'
                              '    Err: (1, 2)\n' % (__file__, custom.python_function.__code__.co_firstlineno + 2))

    # a length the trace leaves open: TensorFlow's graph builds, and its kernel refuses at run time
    @tf.function(input_signature=[tf.TensorSpec((None,))])
    def reshape(x):
        return tf.reshape(x, [7])
    with pytest.raises(tf.errors.InvalidArgumentError):
        reshape(tf.constant([1.0, 2.0]))


def test_without_autograph_the_error_is_untouched():
    error = ValueError('plain')

    def raw(x):
        raise error
    with pytest.raises(ValueError) as err:
        tf.function(raw, autograph=False)(tf.constant(1.0))
    assert err.value is error
