"""load_model / load_weights given something that is no path fail as on TF 2.21.

Keras 3.15 hands a file object, a list or any other object to os.stat ('stat: path should be
string, bytes, os.PathLike or integer, not BytesIO'), where tapeflow said os.fspath's 'expected str,
bytes or os.PathLike object, not BytesIO'; it reads bytes by their str() and so refuses b'a.keras'
as a format it does not know (tapeflow failed in str.endswith). Expected values: TF 2.21 running
/work/notes/progs/kerasio26/p29_load_objects.py.
"""
import io

import pytest

from framework import keras


@pytest.mark.parametrize('make, shown', [(lambda p: io.BytesIO(b'x'), 'BytesIO'),
                                         (lambda p: open(p, 'rb'), 'BufferedReader'),
                                         (lambda p: [p], 'list'), (lambda p: object(), 'object')])
def test_objects_that_are_no_path_are_os_stat_type_error(tmp_path, make, shown):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.save(tmp_path / 'a.keras')
    for load in (keras.models.load_model, model.load_weights):
        obj = make(str(tmp_path / 'a.keras'))
        with pytest.raises(TypeError) as info:
            load(obj)
        assert str(info.value) == 'stat: path should be string, bytes, os.PathLike or integer, not ' + shown
        if hasattr(obj, 'close'):
            obj.close()


def test_bytes_are_read_by_their_str():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    with pytest.raises(ValueError, match=r"^File format not supported: filepath=b'a.keras'. Keras 3 only supports V3 "
                                         r"`.keras` files, legacy H5"):
        keras.models.load_model(b'a.keras')
    with pytest.raises(ValueError, match=r"^File format not supported: filepath=b'a.keras'. Keras 3 only supports V3 "
                                         r"`.keras` files, `.weights.h5` files"):
        model.load_weights(b'a.keras')
