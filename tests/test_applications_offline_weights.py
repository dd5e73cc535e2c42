"""weights='imagenet' without network and without the cached file: every application says where
to put the file and that weights=None or a file path builds the model (the older families gave
get_file's message alone). urlretrieve is replaced, so nothing is downloaded."""
import urllib.error
import urllib.request

import pytest

from framework import keras
from framework.keras.files import DownloadError


@pytest.mark.parametrize('build', [
    lambda: keras.applications.ResNet50(weights='imagenet', include_top=False, input_shape=(32, 32, 3)),
    lambda: keras.applications.MobileNetV2(weights='imagenet', include_top=False, input_shape=(32, 32, 3),
                                           alpha=0.35),
])
def test_offline_imagenet_weights_say_what_to_do(monkeypatch, tmp_path, build):
    def offline(url, *args, **kwargs):
        raise urllib.error.URLError('offline')
    monkeypatch.setenv('KERAS_HOME', str(tmp_path))
    monkeypatch.setattr(urllib.request, 'urlretrieve', offline)
    with pytest.raises(DownloadError) as err:
        build()
    message = str(err.value)
    assert "with weights='imagenet' needs Keras's weight file" in message and str(tmp_path / 'models') in message
    assert message.endswith('Or pass weights=None (random initial weights) or weights=<path of a weights file>.')
