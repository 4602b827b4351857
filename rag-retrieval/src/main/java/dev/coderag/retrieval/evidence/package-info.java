/**
 * Whether a retrieval holds enough evidence to answer its question: what the hits and the repository hold of the
 * question's words, and how relevant the hits are ({@link dev.coderag.retrieval.evidence.Evidence}), and the decision
 * over that ({@link dev.coderag.retrieval.evidence.EvidencePolicy#judge}, a pure function whose parameters are the
 * data of {@code evidence.json}), giving a {@link dev.coderag.retrieval.evidence.Verdict}. The retriever gathers the
 * evidence after it has chosen its hits; chat refuses on the verdict and the evaluation harness measures it.
 *
 * <p>Depends on nothing of the rest of rag-retrieval (the retriever hands it plain values and a
 * {@link dev.coderag.retrieval.evidence.TermLookup}); may import Jackson for its data file.
 */
package dev.coderag.retrieval.evidence;
