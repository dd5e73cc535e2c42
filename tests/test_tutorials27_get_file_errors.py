"""keras.utils.get_file's download failure starts with Keras 3's text, 'URL fetch failure on <url>: <code>
-- <msg>' ('404 -- File not found' for an HTTP error, 'None -- <reason>' for a refused connection),
before tapeflow's note on where to put the file by hand. tapeflow printed '<url>: File not found.'
(the tutorials fetch HIGGS, auto-mpg and the like with get_file). Texts: Keras 3.15 under TF 2.21,
against the same local server."""
import functools
import http.server
import socket
import threading

import pytest

from framework import keras


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def server(tmp_path):
    served = tmp_path / 'served'
    served.mkdir()
    (served / 'data.csv').write_text('a,b\n1,2\n')
    srv = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(_Quiet, directory=str(served)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield 'http://127.0.0.1:%d' % srv.server_address[1]
    srv.shutdown()
    srv.server_close()


def test_http_error_text_is_keras_text(server, tmp_path, capsys):
    with pytest.raises(Exception) as info:
        keras.utils.get_file('missing.csv', server + '/missing.csv', cache_dir=str(tmp_path))
    assert str(info.value).startswith('URL fetch failure on %s/missing.csv: 404 -- File not found' % server)
    assert capsys.readouterr().out == 'Downloading data from %s/missing.csv\n' % server
    assert not (tmp_path / 'datasets' / 'missing.csv').exists()


def test_refused_connection_text_is_keras_text(tmp_path):
    with socket.socket() as s:      # a port nothing listens on any more
        s.bind(('127.0.0.1', 0))
        port = s.getsockname()[1]
    url = 'http://127.0.0.1:%d/x.csv' % port
    with pytest.raises(Exception) as info:
        keras.utils.get_file('x.csv', url, cache_dir=str(tmp_path))
    assert str(info.value).startswith('URL fetch failure on %s: None -- ' % url)


def test_a_served_file_still_downloads(server, tmp_path):
    path = keras.utils.get_file('data.csv', server + '/data.csv', cache_dir=str(tmp_path))
    assert open(path).read() == 'a,b\n1,2\n'
