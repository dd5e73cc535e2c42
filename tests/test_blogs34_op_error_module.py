"""An uncaught kernel error ends a traceback in TF 2.21's module path,
'tensorflow.python.framework.errors_impl.InvalidArgumentError: {{function_node ...', the line blogs paste;
tapeflow printed 'framework.errors.InvalidArgumentError: ...' (progs/blogs34/p47.py's stderr). The classes
still pickle (found by name in framework.errors)."""

import pickle
import traceback

import pytest

import framework as tf

_TF = 'tensorflow.python.framework.errors_impl'


def _raised(call):
    with pytest.raises(tf.errors.OpError) as info:
        call()
    return info.value


def test_uncaught_line_names_tf_module():
    error = _raised(lambda: tf.math.confusion_matrix([[0], [1]], [[1], [1]]))
    last = traceback.format_exception_only(type(error), error)[0]
    assert last == ('tensorflow.python.framework.errors_impl.InvalidArgumentError: {{function_node '
                    '__wrapped__ScatterNd_device_/job:localhost/replica:0/task:0/device:CPU:0}} Dimensions [0,2) of '
                    'indices[shape=[2,2,1]] must match dimensions [0,2) of updates[shape=[2,1]] [Op:ScatterNd] name: \n')


@pytest.mark.parametrize('name', ['OpError', 'InvalidArgumentError', 'NotFoundError', 'OutOfRangeError',
                                  'ResourceExhaustedError', 'UnimplementedError', 'FailedPreconditionError'])
def test_class_repr_is_tf_s(name):
    assert repr(getattr(tf.errors, name)) == "<class '%s.%s'>" % (_TF, name)


def test_errors_pickle_with_code_and_notes():
    error = _raised(lambda: tf.reshape(tf.range(6), (4, 2)))
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is tf.errors.InvalidArgumentError
    assert str(again) == str(error)
    assert again.error_code == tf.errors.INVALID_ARGUMENT
    assert again.__notes__ == error.__notes__
    assert isinstance(again, ValueError)
    plain = pickle.loads(pickle.dumps(tf.errors.NotFoundError(None, None, 'no file')))
    assert (type(plain), plain.message, plain.node_def) == (tf.errors.NotFoundError, 'no file', None)


class MyError(tf.errors.InvalidArgumentError):
    pass


def test_user_subclass_pickles_as_itself():
    again = pickle.loads(pickle.dumps(MyError(None, None, 'mine')))
    assert type(again) is MyError and str(again) == 'mine'


def test_operator_not_allowed_in_graph_prints_tf_module_and_pickles():
    from framework.errors import OperatorNotAllowedInGraphError
    assert repr(OperatorNotAllowedInGraphError) == "<class '%s.OperatorNotAllowedInGraphError'>" % _TF
    error = OperatorNotAllowedInGraphError('Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.')
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is OperatorNotAllowedInGraphError and again.args == error.args
    assert isinstance(again, TypeError)
