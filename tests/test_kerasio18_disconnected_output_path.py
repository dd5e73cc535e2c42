"""A functional model whose output its inputs do not reach is refused with Keras 3.15's words,
naming the output's path in the outputs structure ('' for a lone output, '1', 'y', '0.0'): the
keras.io English-to-Spanish translation's decoder model built from the wrong inputs printed
tapeflow's own sentence where TF 2.21 prints "Output with path `` is not connected to `inputs`".
tapeflow's sentence (which tensor, which Input is missing) stays as a note.

Golden values: /work/notes/progs/kerasio18/disc_probe.py under /opt/tfref/bin/python (TF 2.21,
Keras 3.15.1).
"""
import pytest

from framework import keras


def _graph():
    a = keras.Input((3,), name='a')
    b = keras.Input((3,), name='b')
    h = keras.layers.Dense(2)(a)
    o = keras.layers.Concatenate()([h, b])
    return a, b, h, o


@pytest.mark.parametrize('make, path', [
    (lambda a, b, h, o: keras.Model(a, o), ''),
    (lambda a, b, h, o: keras.Model([a], [h, o]), '1'),
    (lambda a, b, h, o: keras.Model(a, {'x': h, 'y': o}), 'y'),
    (lambda a, b, h, o: keras.Model(keras.layers.Dense(2)(a), a), ''),
    (lambda a, b, h, o: keras.Model(h, o), ''),
    (lambda a, b, h, o: keras.Model(b, [[h], (o,)]), '0.0'),
])
def test_the_first_output_not_reached_is_named_by_its_path(make, path):
    with pytest.raises(ValueError) as caught:
        make(*_graph())
    assert str(caught.value) == 'Output with path `%s` is not connected to `inputs`' % path
    assert 'is not connected to the inputs: it depends on Input' in caught.value.__notes__[0]
