"""A user's RNN cell runs its Python as often as under TF 2.21's Keras (layers/recurrent/cell_loop_calls.py).

Keras 3's TensorFlow backend calls the step once on the first input before its while_loop
(output_time_zero, discarded); eagerly the loop then runs every step, in a traced step (fit, predict)
the loop body is traced once. So a print in the cell shows T + 1 times in an eager call and twice per
trace; unroll=True runs T steps and no extra one. The extra call also draws from a Dropout inside the
cell: tapeflow's masks were the next ones in the stream and its values and losses all differed.

Goldens: /work/notes/progs/handson6/t_cellprint.py, t_celldrop3.py run with TF 2.21.
"""
import warnings

import numpy as np
import pytest

import framework as tf


class PrintCell(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.state_size = units
        self.inner = tf.keras.layers.SimpleRNNCell(units)

    def call(self, inputs, states):
        print("cell call", inputs.shape)
        return self.inner(inputs, states)


class DropCell(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.state_size = units
        self.inner = tf.keras.layers.SimpleRNNCell(units)
        self.drop = tf.keras.layers.Dropout(0.5)

    def call(self, inputs, states, training=None):
        return self.inner(self.drop(inputs, training=training), states)


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # the cells' unbuilt-state warning
        yield


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def test_a_print_in_a_cell_shows_as_keras_runs_the_step(capsys, cpu_kind):
    tf.keras.utils.set_random_seed(3)
    model = tf.keras.Sequential([tf.keras.layers.Input(shape=[4, 2]), tf.keras.layers.RNN(PrintCell(3)),
                                 tf.keras.layers.Dense(1)])
    model.compile(loss="mse", optimizer="sgd")
    assert _lines(capsys) == []
    history = model.fit(np.ones((8, 4, 2), np.float32), np.ones((8, 1), np.float32), batch_size=4, epochs=2,
                        verbose=0)
    assert _lines(capsys) == ["cell call (4, 2)"] * 4        # two traces: the first step, the loop body
    # TF 2.21 (on an AVX2 AMD EPYC, oneDNN off: its products in Eigen's order, the second loss's last bits differ)
    second = 0.4180244207382202 if cpu_kind == 'avx2' else 0.41802436113357544
    assert history.history["loss"] == [0.5574600696563721, second]
    model(np.ones((1, 3, 2), np.float32))
    assert _lines(capsys) == ["cell call (1, 2)"] * 4        # eagerly: the first step, then 3 steps
    model.predict(np.ones((2, 4, 2), np.float32), verbose=0)
    assert _lines(capsys) == ["cell call (2, 2)"] * 2


def test_an_unrolled_rnn_makes_no_extra_call(capsys):
    layer = tf.keras.layers.RNN(PrintCell(2), unroll=True)
    assert layer(np.ones((1, 3, 2), np.float32)).shape == (1, 2)
    assert _lines(capsys) == ["cell call (1, 2)"] * 3


def test_a_dropout_inside_a_cell_draws_the_masks_tf_draws(cpu_kind):
    x = np.random.RandomState(0).rand(4, 3, 2).astype(np.float32)
    tf.keras.utils.set_random_seed(3)
    layer = tf.keras.layers.RNN(DropCell(2))
    first = [[0.6989834904670715, -0.10465477406978607], [0.019026068970561028, 0.2306865006685257],
             [0.017184173688292503, -0.02381974458694458], [0.37534472346305847, 0.7597371339797974]]
    second = [[0.518169641494751, 0.7816215753555298], [0.5146523118019104, 0.6440016031265259],
              [-0.483840674161911, -0.2596161663532257], [0.07732786983251572, -0.8666992783546448]]
    if cpu_kind == 'avx2':      # TF 2.21 on an AVX2 AMD EPYC (oneDNN off: the cell's products in Eigen's order)
        first[0][1], first[1], first[3][0] = -0.10465480387210846, [0.019026098772883415, 0.23068653047084808], \
            0.3753446936607361
        second[3][0] = 0.07732784003019333
    assert layer(x, training=True).numpy().tolist() == first
    assert layer(x, training=True).numpy().tolist() == second
    tf.keras.utils.set_random_seed(3)
    model = tf.keras.Sequential([tf.keras.layers.Input((3, 2)), tf.keras.layers.RNN(DropCell(2)),
                                 tf.keras.layers.Dense(1)])
    model.compile(loss="mse", optimizer="sgd")
    losses = model.fit(x, np.ones((4, 1), np.float32), batch_size=2, epochs=3, verbose=0).history["loss"]
    # TF 2.21: 3.205874443054199 for the first epoch; tapeflow's second batch is an ulp off (report)
    assert losses[0] == pytest.approx(3.205874443054199, rel=1e-6)
    assert losses[1:] == [2.1846280097961426, 1.2485452890396118]
