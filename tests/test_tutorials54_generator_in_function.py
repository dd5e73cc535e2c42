"""tf.random.Generator made inside a tf.function (guide/random_numbers, "Creating generators inside
tf.function"): its state is a tf.Variable, so TensorFlow 2.21's second trace of the first call makes it
again and the call raises the singleton error, in autograph's 'in user code:' words naming the user's
line. tapeflow took the generator's variable for its own and drew. A generator kept across traces (the
guide's ``if self.g is None``, the global generator made lazily inside a function) keeps working.
Values: TF 2.21 (notes progs/tutorials54/probes/gen_fn.py, progs/tutorials54/rng.py)."""
import numpy as np
import pytest

import framework as tf

SINGLETON = ('ValueError: tf.function only supports singleton tf.Variables created on the first call. Make '
             'sure the tf.Variable is only created once or created outside tf.function.')


@pytest.mark.parametrize('make, line', [
    (lambda g: tf.random.Generator.from_seed(1), 'tf.random.Generator.from_seed(1)'),
    (lambda g: tf.random.Generator.from_state([1, 2, 3], alg='philox'), "from_state([1, 2, 3], alg='philox')"),
    (lambda g: tf.random.Generator(copy_from=g), 'Generator(copy_from=g)'),
    (lambda g: g.split(2)[0], 'g.split(2)[0]'),
    (lambda g: tf.random.Generator.from_non_deterministic_state(), 'from_non_deterministic_state()'),
])
def test_a_generator_made_on_every_trace_is_refused(make, line):
    g = tf.random.Generator.from_seed(3)

    @tf.function
    def f():
        return make(g).normal([])
    for _ in range(2):      # TF 2.21: the same error on the next call too
        with pytest.raises(ValueError) as caught:
            f()
        text = str(caught.value)
        assert text.startswith('in user code:') and SINGLETON in text and line in text


def test_a_generator_kept_across_traces_draws_tf_values():
    class M(tf.Module):
        def __init__(self):
            self.gen = None

        @tf.function
        def __call__(self):
            if self.gen is None:
                self.gen = tf.random.Generator.from_seed(1)
            return self.gen.normal([])
    m = M()
    # TF 2.21 gives 0.43842274 then 1.6272374
    assert [m().numpy(), m().numpy()] == [np.float32(0.43842274), np.float32(1.6272374)]

    kept = []

    @tf.function
    def f(x):
        if not kept:
            kept.append(tf.random.Generator.from_seed(1))
        return kept[0].normal([]) + x
    # TF 2.21: 1.4384227, 3.6272373 (a retrace for the new Python float draws on), [2.6307178 3.6307178]
    assert [f(1.0).numpy(), f(2.0).numpy()] == [np.float32(1.4384227), np.float32(3.6272373)]
    assert f(tf.constant([1.0, 2.0])).numpy().tolist() == np.float32([2.6307178, 3.6307178]).tolist()


def test_the_global_generator_made_inside_a_function():
    from framework import random_generator
    saved = list(random_generator._global)
    random_generator._global.clear()
    try:
        @tf.function
        def f():
            return tf.random.get_global_generator().normal([3])
        assert f().shape == (3,)       # TF 2.21: the global generator is kept, no error
        assert f().shape == (3,)
    finally:
        random_generator._global[:] = saved
