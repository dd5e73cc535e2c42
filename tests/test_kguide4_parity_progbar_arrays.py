"""A train_step that returns an array for a log prints its mean in fit's progress lines, as Keras 3's
Progbar (np.mean) does; tapeflow printed the array ('vec: [-0.3581386]'). verbose=2 keeps Keras's
`value > 1e-3` test, so negative values print in scientific notation there.
Goldens: /work/notes/progs/kguides4/g12.py under TF 2.21 / Keras 3 (times masked).
"""
import re

import numpy as np

import framework as tf
from framework import keras


class Logs(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d = keras.layers.Dense(1)

    def call(self, x):
        return self.d(x)

    def train_step(self, data):
        x, y = data
        return {'loss': tf.reduce_mean(self(x) - y) * 0.0 - 0.5, 'vec': tf.constant([1.0, 2.0, 4.0]),
                'mat': tf.ones((2, 2)) * -0.5, 'tiny': 1e-5, 'neg': -0.25}


def test_verbose_2_line(capsys):
    model = Logs()
    model.compile('sgd')
    model.fit(np.ones((8, 3), 'float32'), np.ones((8, 1), 'float32'), batch_size=4, epochs=1, verbose=2)
    line = capsys.readouterr().out.splitlines()[-1]
    line = re.sub(r' - \d+s - \d+(ms|s|us)/step', ' - T', line)
    # TF 2.21: '2/2 - 0s - 4ms/step - loss: -5.0000e-01 - mat: -5.0000e-01 - neg: -2.5000e-01
    #           - tiny: 1.0000e-05 - vec: 2.3333'
    assert line == ('2/2 - T - loss: -5.0000e-01 - mat: -5.0000e-01 - neg: -2.5000e-01 - tiny: 1.0000e-05 '
                    '- vec: 2.3333')


def test_verbose_1_bar_values(capsys):
    model = Logs()
    model.compile('sgd')
    model.fit(np.ones((8, 3), 'float32'), np.ones((8, 1), 'float32'), batch_size=4, epochs=1, verbose=1)
    out = capsys.readouterr().out
    assert out.rstrip().endswith('- loss: -0.5000 - mat: -0.5000 - neg: -0.2500 - tiny: 1.0000e-05 - vec: 2.3333')
