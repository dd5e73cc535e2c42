"""A .keras file whose compile config a loss, metric or optimizer refuses fails with Keras 3's own error.

TF 2.21 (/work/notes/progs/kerasio44/p28.py: a model compiled with Adam, Huber and [AUC, 'mae'], saved, and
its config.json's compile_config edited):
    optimizer config + {'bogus': 1}           ValueError Argument(s) not recognized: {'bogus': 1}
    loss config reduction='bogus'             ValueError Invalid value for argument `reduction`. Expected one of {...}.
                                              Received: reduction=bogus
    AUC config num_thresholds=1               ValueError Argument `num_thresholds` must be an integer > 1.
                                              Received: num_thresholds=1
    loss config + {'bogus': 1}                TypeError <class 'keras.src.losses.losses.Huber'> could not be
                                              deserialized properly. ...
tapeflow wrapped the ValueErrors in its own "m.keras: cannot restore the compile arguments (...); register the
custom class or function ..." (advice for an unknown class, wrong here).
"""
import json
import zipfile

import pytest

from framework import keras


def _saved(tmp_path, edit):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(), keras.losses.Huber(), metrics=[keras.metrics.AUC(), 'mae'])
    source, target = str(tmp_path / 'm.keras'), str(tmp_path / 'edited.keras')
    model.save(source)
    with zipfile.ZipFile(source) as archive:
        items = {info.filename: archive.read(info.filename) for info in archive.infolist()}
    config = json.loads(items['config.json'])
    edit(config['compile_config'])
    items['config.json'] = json.dumps(config).encode()
    with zipfile.ZipFile(target, 'w') as archive:
        for name, data in items.items():
            archive.writestr(name, data)
    return target


def _set(*path_and_value):
    *path, key, value = path_and_value

    def edit(config):
        for part in path:
            config = config[part]
        config[key] = value
    return edit


@pytest.mark.parametrize('edit, message', [
    (_set('optimizer', 'config', 'bogus', 1), r"^Argument\(s\) not recognized: \{'bogus': 1\}"),
    (_set('loss', 'config', 'reduction', 'bogus'), r'^Invalid value for argument `reduction`\. Expected one of '),
    (_set('metrics', 0, 'config', 'num_thresholds', 1),
     r'^Argument `num_thresholds` must be an integer > 1\. Received: num_thresholds=1'),
])
def test_refused_value_is_kerass_own_error(tmp_path, edit, message):
    with pytest.raises(ValueError, match=message) as caught:
        keras.models.load_model(_saved(tmp_path, edit))
    assert 'cannot restore the compile arguments' not in str(caught.value)


def test_unknown_loss_argument_is_kerass_type_error(tmp_path):
    with pytest.raises(TypeError, match=r"(?s)^<class 'keras\.src\.losses\.losses\.Huber'> could not be deserialized "
                                        r"properly\..*Exception encountered: Huber\.__init__\(\) got an unexpected "
                                        r"keyword argument 'bogus'"):
        keras.models.load_model(_saved(tmp_path, _set('loss', 'config', 'bogus', 1)))
