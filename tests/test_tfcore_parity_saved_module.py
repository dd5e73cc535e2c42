"""A module saved with tf.saved_model.save and loaded back: calling it runs no Python prints of the
saved tf.function (TensorFlow runs the saved graph), as the modules guide's loaded model shows (the
save itself traces the function once more, printing its trace's line); the
values are the saved module's (TF 2.21 printed [[2.1551301 2.9266462]] for this seed, /opt/tfref)."""
import pytest

import framework as tf


class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.random.normal([in_features, out_features]), name='w')
        self.b = tf.Variable(tf.zeros([out_features]), name='b')

    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)


class MySequentialModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(in_features=3, out_features=3)
        self.dense_2 = Dense(in_features=3, out_features=2)

    @tf.function
    def __call__(self, x):
        print('Tracing with', x)
        tf.print('Running')
        return self.dense_2(self.dense_1(x))


def test_a_loaded_module_runs_without_its_python_prints(tmp_path, capsys):
    tf.random.set_seed(2)
    model = MySequentialModule(name='the_model')
    model(tf.constant([[2.0, 2.0, 2.0]]))
    assert capsys.readouterr().out.splitlines()[0] == 'Tracing with Tensor("x:0", shape=(1, 3), dtype=float32)'
    tf.saved_model.save(model, str(tmp_path / 'm'))
    # TF 2.21's save traces the function again in its save context: the Python print shows there (not tf.print)
    assert capsys.readouterr().out == 'Tracing with Tensor("x:0", shape=(1, 3), dtype=float32)\n'
    loaded = tf.saved_model.load(str(tmp_path / 'm'))
    out = loaded([[2.0, 2.0, 2.0]])
    with pytest.raises(ValueError, match='Could not find matching concrete function'):   # TF 2.21: no (1, 2, 3) trace
        loaded.__call__(tf.constant([[[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]]))
    captured = capsys.readouterr()
    assert 'Tracing with' not in captured.out
    assert str(out) == 'tf.Tensor([[2.1551301 2.9266462]], shape=(1, 2), dtype=float32)'
