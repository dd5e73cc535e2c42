"""assign_add of a value of another static shape inside a tf.function's trace fails as TF 2.21's graph
building fails: a ValueError in shape inference's words, 'in user code:' (tapeflow raised the eager
kernel's InvalidArgumentError 'Cannot update variable with shape [2] using a Tensor with shape [3]').
Eagerly the kernel's error stays.

Expected texts printed by TensorFlow 2.21 (/opt/tfref; progs/autograph4/q56.py, q46.py)."""
import pytest

import framework as tf


def _last_line(error):
    return str(error).strip().splitlines()[-1].strip()


def test_assign_add_of_another_shape_in_a_trace():
    v = tf.Variable([0.0, 0.0])

    @tf.function
    def f(x):
        v.assign_add(x)
        return v.read_value()
    lines = []
    for arg in ([1.0, 2.0, 3.0], 1.0, [[1.0, 2.0]]):
        with pytest.raises(ValueError) as raised:
            f(tf.constant(arg))
        assert str(raised.value).startswith('in user code:')
        lines.append(_last_line(raised.value))
    assert lines == [
        "ValueError: Dimension 0 in both shapes must be equal, but are 2 and 3. Shapes are [2] and [3]. for "
        "'{{node AssignAddVariableOp}} = AssignAddVariableOp[dtype=DT_FLOAT](AssignAddVariableOp/resource, x)' "
        "with input shapes: [], [3].",
        "ValueError: Shapes must be equal rank, but are 1 and 0 for '{{node AssignAddVariableOp}} = "
        "AssignAddVariableOp[dtype=DT_FLOAT](AssignAddVariableOp/resource, x)' with input shapes: [], [].",
        "ValueError: Shapes must be equal rank, but are 1 and 2 for '{{node AssignAddVariableOp}} = "
        "AssignAddVariableOp[dtype=DT_FLOAT](AssignAddVariableOp/resource, x)' with input shapes: [], [1,2]."]
    assert v.numpy().tolist() == [0.0, 0.0]


def test_eager_assign_add_keeps_the_kernel_error():
    v = tf.Variable([0.0, 0.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Cannot update variable with shape \[2\] using a '
                                                              r'Tensor with shape \[3\], shapes must be equal'):
        v.assign_add(tf.constant([1.0, 2.0, 3.0]))


def test_counter_module_called_with_a_longer_vector(capsys):
    class Counter(tf.Module):
        def __init__(self):
            self.v = None

        @tf.function
        def __call__(self, x):
            print('trace', x)
            if self.v is None:
                self.v = tf.Variable(tf.zeros_like(x))
            self.v.assign_add(x)
            return self.v.read_value()
    c = Counter()
    assert c(tf.constant([1.0, 2.0])).numpy().tolist() == [1.0, 2.0]
    assert c(tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 4.0]
    with pytest.raises(ValueError, match=r'^in user code:'):
        c(tf.constant([1.0, 2.0, 3.0]))
    assert c.__call__.experimental_get_tracing_count() == 2
    assert capsys.readouterr().out.splitlines() == [
        'trace Tensor("x:0", shape=(2,), dtype=float32)', 'trace Tensor("x:0", shape=(2,), dtype=float32)',
        'trace Tensor("x:0", shape=(3,), dtype=float32)']
