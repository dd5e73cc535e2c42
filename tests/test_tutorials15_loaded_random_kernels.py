"""A SavedModel's loaded tf.function keeps its random kernels from call to call.

The text generation tutorial (tensorflow/docs tutorials/text/text_generation) saves its OneStep
sampler and reloads it; each call of the reloaded ``generate_one_step`` draws with
``tf.random.categorical``. TensorFlow's loaded concrete functions own their kernels: the first load
draws what the original object drew on its first calls, and later calls sample on. tapeflow gave
every reloaded call a fresh random state, so the reloaded generator repeated its first character.
Goldens printed by /opt/tfref/bin/python (TF 2.21) running
/work/notes/progs/tutorials15/probe_reload.py and probe_reload2.py.
"""
import framework as tf
from framework import keras


def draw(x):
    return tf.random.uniform([2]) + x


class Sampler(tf.Module):
    def __init__(self):
        self.v = tf.Variable([[0.5, 1.0, -0.5, 2.0]])
        self.f = tf.function(draw)

    @tf.function
    def step(self, x):
        return tf.random.categorical(self.v * x, num_samples=3)

    @tf.function
    def __call__(self, x):
        return tf.random.normal([2]) * x


class StatefulStep(tf.Module):
    """The tutorial's generate_one_step in small: a first trace without states, then one with them."""

    def __init__(self):
        self.v = tf.Variable([[0.5, 1.0, -0.5, 2.0]])

    @tf.function
    def step(self, inputs, states=None):
        if states is None:
            states = tf.zeros([tf.shape(inputs)[0], 4])
        ids = tf.random.categorical(self.v + states, num_samples=1)
        return ids, states + 0.1


def _draws(fn, n):
    return [[round(float(v), 4) for v in fn(tf.constant(1.0)).numpy()] for _ in range(n)]


def test_each_load_replays_the_originals_draws_and_samples_on(tmp_path):
    keras.utils.set_random_seed(3)
    try:
        m = Sampler()
        steps = [[[0, 1, 3]], [[3, 0, 3]], [[3, 3, 3]]]          # TF 2.21, original and both loads
        f_draws = [[1.1274, 1.8147], [1.8899, 1.6628]]
        call_draws = [[-1.8647, 0.8026], [-0.4123, -0.2517]]
        assert [m.step(tf.constant(1.0)).numpy().tolist() for _ in range(3)] == steps
        assert _draws(m.f, 2) == f_draws
        assert _draws(m, 2) == call_draws
        tf.saved_model.save(m, str(tmp_path / 'm'))
        for _ in range(2):      # a second load starts its kernels afresh too
            r = tf.saved_model.load(str(tmp_path / 'm'))
            assert [r.step(tf.constant(1.0)).numpy().tolist() for _ in range(3)] == steps
            assert _draws(r.f, 2) == f_draws
            assert _draws(r, 2) == call_draws
            # another value of the same spec runs the same concrete function: its kernel moves on
            assert [r.step(tf.constant(2.0)).numpy().tolist() for _ in range(2)] == [[[3, 3, 3]], [[3, 3, 3]]]
    finally:
        tf.random.set_seed(None)


def test_reloaded_generator_with_state_argument_samples_on(tmp_path):
    keras.utils.set_random_seed(7)
    try:
        m = StatefulStep()
        x = tf.constant(['a'])

        def run(step):
            states, out = None, []
            for _ in range(8):
                ids, states = step(x, states=states)
                out.append(int(ids[0, 0]))
            return out
        assert run(m.step) == [0, 0, 3, 3, 0, 3, 3, 3]       # TF 2.21
        tf.saved_model.save(m, str(tmp_path / 'm'))
        assert run(tf.saved_model.load(str(tmp_path / 'm')).step) == [0, 0, 3, 3, 0, 3, 3, 3]   # was all 0
    finally:
        tf.random.set_seed(None)
