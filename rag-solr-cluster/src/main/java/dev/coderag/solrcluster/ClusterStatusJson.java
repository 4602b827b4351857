package dev.coderag.solrcluster;

import java.util.ArrayList;
import java.util.List;

/**
 * The one thing the launcher reads from Solr's CLUSTERSTATUS JSON: the {@code live_nodes} array of strings. A
 * scan, not a JSON parser, so that the launcher needs nothing but the JDK; node names ({@code 127.0.0.1:8983_solr})
 * hold no quotes or escapes.
 */
final class ClusterStatusJson {
    private ClusterStatusJson() {}

    static List<String> liveNodes(String json) {
        int key = json.indexOf("\"live_nodes\"");
        if (key < 0) {
            return List.of();
        }
        int open = json.indexOf('[', key);
        int close = open < 0 ? -1 : json.indexOf(']', open);
        if (close < 0) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        String body = json.substring(open + 1, close);
        int i = 0;
        while (true) {
            int start = body.indexOf('"', i);
            int end = start < 0 ? -1 : body.indexOf('"', start + 1);
            if (end < 0) {
                return out;
            }
            out.add(body.substring(start + 1, end));
            i = end + 1;
        }
    }
}
