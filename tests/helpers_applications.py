"""What the keras.applications tests compare with TensorFlow's printouts: digests of a model's
summary text, layer names and weight paths (a model of hundreds of layers pins in three lines),
and the weight file a model asks for when ``weights='imagenet'``, caught before any download."""
import hashlib

import pytest


def fingerprints(model):
    """(sha256 and line count of summary(line_length=110), sha256 of the ','-joined layer names,
    sha256 of the ','-joined 'path(shape)' of the weights and their count)."""
    chunks = []
    model.summary(line_length=110, print_fn=lambda s, line_break=False: chunks.append(s + '\n'))
    text = ''.join(chunks)
    names = ','.join(layer.name for layer in model.layers)
    paths = ','.join('%s%s' % (w.path, tuple(w.shape)) for w in model.weights)
    return ((hashlib.sha256(text.encode()).hexdigest(), len(text.splitlines())),
            hashlib.sha256(names.encode()).hexdigest(),
            (hashlib.sha256(paths.encode()).hexdigest(), len(model.weights)))


def imagenet_file_asked(monkeypatch, module, build, **kwargs):
    """The (file name, URL, md5) that ``build(weights='imagenet', **kwargs)`` asks ``module``'s
    ``get_file`` for; the request is refused, so nothing is downloaded."""
    asked = []

    def no_download(name, origin, **options):
        asked.append((name, origin, options.get('file_hash')))
        raise RuntimeError('no download in tests')
    monkeypatch.setattr(module, 'get_file', no_download)
    with pytest.raises(RuntimeError):
        build(weights='imagenet', **kwargs)
    assert len(asked) == 1
    return asked[0]
